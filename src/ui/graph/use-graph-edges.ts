import { useMemo } from 'react';
import { OPTIONAL_PARTICIPANTS, type Participant } from '../../trace/index.ts';
import type { Step } from '../../trace/index.ts';
import { useExplorerStore } from '../../store/index.ts';
import { useReducedMotion } from '../use-reduced-motion.ts';
import {
  GRAPH_EDGES,
  NARROW_GRAPH_EDGES,
  describeMessage,
  findStepEdge,
  IN_TAB_EDGE_LABEL,
  listUsedOptionalEdges,
  type GraphEdgeDefinition,
  type GraphLayout,
} from './graph-layout.ts';
import type { MessageEdgeData, MessageEdgeType } from './message-edge.tsx';

/**
 * The graph's edges for the step on show: those between the parts drawn, idle but for the
 * one the step's message travels on.
 */

/** One object per idle edge, kept for the page's life: React Flow compares them by identity, so an edge a step does not touch is not rendered again. */
const idleEdgeObjects = new Map<string, MessageEdgeType>();
const narrowIdleEdgeObjects = new Map<string, MessageEdgeType>();

function createEdgeObject(edge: GraphEdgeDefinition, message?: MessageEdgeData['message']): MessageEdgeType {
  return {
    id: edge.id,
    type: 'message',
    source: edge.source,
    target: edge.target,
    sourceHandle: edge.sourceHandle,
    targetHandle: edge.targetHandle,
    selectable: false,
    focusable: false,
    data: { label: edge.label, labelOffset: edge.labelOffset, messageOffset: edge.messageOffset, ...(message ? { message } : {}) },
  };
}

/** Edges only some runs travel on (the provider's MCP client): drawn only once a step travels on them. */
const selectOptionalEdges = (state: { steps: { from: Participant; to: Participant }[] }) => listUsedOptionalEdges(state.steps).join(',');
const selectTabRun = (state: { model: { kind: string } }) => state.model.kind === 'tab';

/** An edge is drawn when both its parts are, and, for one only some runs travel on, once this run has. */
function isEdgeDrawn(edge: GraphEdgeDefinition, participantsInUse: string, edgesInUse: string): boolean {
  const partsDrawn = [edge.source, edge.target].every((end) => !OPTIONAL_PARTICIPANTS.includes(end) || participantsInUse.split(',').includes(end));
  return partsDrawn && (!edge.onlyWhenUsed || edgesInUse.split(',').includes(edge.id));
}

/** The edges between the participants in use; with the model in the tab, the edge to it says it is no HTTP. */
function listDrawnEdges(
  laidOut: readonly GraphEdgeDefinition[],
  { optionalInUse, optionalEdges, tabRun }: { optionalInUse: string; optionalEdges: string; tabRun: boolean },
): GraphEdgeDefinition[] {
  return (
    laidOut
      .filter((edge) => isEdgeDrawn(edge, optionalInUse, optionalEdges))
      // The model in the tab is not reached over HTTP: its edge says so (a distinct kind of edge, from the step table's channel).
      .map((edge) => (tabRun && edge.id === 'host-llm' ? { ...edge, id: 'host-llm-in-tab', label: IN_TAB_EDGE_LABEL } : edge))
  );
}

export function useGraphEdges({
  step,
  failed,
  sentNothing,
  layout,
  optionalInUse,
}: {
  step: Step | undefined;
  failed: boolean;
  sentNothing: boolean;
  layout: GraphLayout;
  optionalInUse: string;
}) {
  const optionalEdges = useExplorerStore(selectOptionalEdges);
  const tabRun = useExplorerStore(selectTabRun);
  const reducedMotion = useReducedMotion();
  return useMemo<MessageEdgeType[]>(() => {
    const travel = step && !sentNothing ? findStepEdge(step) : undefined;
    const idleObjects = layout === 'narrow' ? narrowIdleEdgeObjects : idleEdgeObjects;
    const drawnEdges = listDrawnEdges(layout === 'narrow' ? NARROW_GRAPH_EDGES : GRAPH_EDGES, { optionalInUse, optionalEdges, tabRun });
    return drawnEdges.map((edge) => {
      if (!step || !travel || travel.edgeId !== edge.id.replace(/-in-tab$/, '')) {
        const idle = idleObjects.get(edge.id) ?? createEdgeObject(edge);
        idleObjects.set(edge.id, idle);
        return idle;
      }
      // A refusal or an error travels as what it is: drawn in the fault colour, not like a success.
      return createEdgeObject(edge, {
        key: `${step.n}`,
        label: describeMessage(step),
        kind: failed ? 'fault' : step.kind,
        reverse: travel.reverse,
        animate: !reducedMotion,
      });
    });
  }, [step, reducedMotion, layout, failed, sentNothing, optionalInUse, optionalEdges, tabRun]);
}
