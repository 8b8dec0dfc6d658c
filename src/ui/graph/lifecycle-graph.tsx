import { useCallback, useEffect, useMemo, useState } from 'react';
import { ReactFlow, useReactFlow, useStore, type EdgeTypes, type NodeChange, type NodeTypes, type ReactFlowState } from '@xyflow/react';
import '@xyflow/react/dist/base.css';
import { OPTIONAL_PARTICIPANTS, PARTICIPANTS, PARTICIPANT_LABELS, type Participant } from '../../trace/vocabulary.ts';
import { selectCurrentStep, selectShownAnswer, useExplorerStore } from '../../store/explorer-store.ts';
import { selectEditBefore } from '../edit/edit-credit.ts';
import { AnswerNode, makeAnswerNode, type AnswerNodeType } from './answer-node.tsx';
import { useReducedMotion } from '../use-reduced-motion.ts';
import { useMediaQuery } from '../use-media-query.ts';
import { useCurrentStepOutcome } from '../use-step-outcomes.ts';
import {
  GRAPH_EDGES,
  NARROW_GRAPH_EDGES,
  NARROW_NODE_POSITIONS,
  NODE_POSITIONS,
  NODE_SUBTITLES,
  SLIM_NODES,
  describeMessage,
  findStepEdge,
  IN_TAB_EDGE_LABEL,
  placeAnswer,
  listUsedOptionalEdges,
  type GraphEdgeDefinition,
  type GraphLayout,
} from './graph-layout.ts';
import { MessageEdge, type MessageEdgeData, type MessageEdgeType } from './message-edge.tsx';
import { ParticipantNode, type ParticipantNodeType, type ParticipantRole } from './participant-node.tsx';

// Module level, so React Flow never sees new types and never remounts the nodes.
const nodeTypes: NodeTypes = { participant: ParticipantNode, answer: AnswerNode };
const edgeTypes: EdgeTypes = { message: MessageEdge };

// Room for the role badges on the nodes' top borders and the rings around them, and no more: the rest draws the nodes larger.
const FIT_OPTIONS = { padding: 0.05 };
const selectPaneSize = (state: ReactFlowState) => `${state.width}x${state.height}`;

/** Keeps all five parts in view when the panel changes size (a long caption, a resized window) or the layout changes. */
function FitOnResize({ fitKey }: { fitKey: string }) {
  const size = useStore(selectPaneSize);
  const { fitView } = useReactFlow();
  useEffect(() => {
    void fitView(FIT_OPTIONS);
  }, [size, fitKey, fitView]);
  return null;
}

/**
 * Below this width the wide layout would be drawn too small to read (its names at 9.6 px on a 768-wide tablet, at a
 * zoom of 0.68): the narrow one is used, its names at 12 px or more.
 */
const NARROW_QUERY = '(max-width: 1023px)';

/**
 * One object per node look and per idle edge, kept for the page's life (a few dozen at
 * most): React Flow compares them by identity, so the parts a step does not touch keep
 * their objects and are not rendered again.
 */
const nodeObjects = new Map<string, ParticipantNodeType>();
const idleEdgeObjects = new Map<string, MessageEdgeType>();
const narrowIdleEdgeObjects = new Map<string, MessageEdgeType>();

function findNodeObject(signature: string, create: () => ParticipantNodeType): ParticipantNodeType {
  const known = nodeObjects.get(signature);
  if (known) return known;
  // Sizes change with presenter mode and the window: never let the cache grow without bound.
  if (nodeObjects.size > 200) nodeObjects.clear();
  const created = create();
  nodeObjects.set(signature, created);
  return created;
}

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

/** Parts only some runs have (the stdio bridge), for the run on screen: drawn only once a step names them. */
const selectOptionalParticipants = (state: { steps: { from: Participant; to: Participant }[] }) =>
  OPTIONAL_PARTICIPANTS.filter((participant) => state.steps.some((step) => step.from === participant || step.to === participant)).join(',');

/** Edges only some runs travel on (the provider's MCP client): drawn only once a step travels on them. */
const selectOptionalEdges = (state: { steps: { from: Participant; to: Participant }[] }) => listUsedOptionalEdges(state.steps).join(',');

/** An edge is drawn when both its parts are, and, for one only some runs travel on, once this run has. */
function isEdgeDrawn(edge: GraphEdgeDefinition, participantsInUse: string, edgesInUse: string): boolean {
  const partsDrawn = [edge.source, edge.target].every((end) => !OPTIONAL_PARTICIPANTS.includes(end) || participantsInUse.split(',').includes(end));
  return partsDrawn && (!edge.onlyWhenUsed || edgesInUse.split(',').includes(edge.id));
}

const selectModelName = (state: { modelName: string | null }) => state.modelName;
const selectTabRun = (state: { model: { kind: string } }) => state.model.kind === 'tab';
const selectProtocolVersion = (state: { protocolVersion: string | null }) => state.protocolVersion;

/** The edges between the participants in use; with the model in the tab, the edge to it says it is no HTTP. */
function listDrawnEdges(laidOut: readonly GraphEdgeDefinition[], { optionalInUse, optionalEdges, tabRun }: { optionalInUse: string; optionalEdges: string; tabRun: boolean }): GraphEdgeDefinition[] {
  return laidOut
    .filter((edge) => isEdgeDrawn(edge, optionalInUse, optionalEdges))
    // The model in the tab is not reached over HTTP: its edge says so (a distinct kind of edge, from the step table's channel).
    .map((edge) => (tabRun && edge.id === 'host-llm' ? { ...edge, id: 'host-llm-in-tab', label: IN_TAB_EDGE_LABEL } : edge));
}

type NodeSizes = Partial<Record<string, { width: number; height: number }>>;

/** React Flow measures a node it has no size for, forcing a layout: a new node object carries the size measured before, kept here by layout and node. */
function useMeasuredSizes(layout: GraphLayout) {
  const [sizes, setSizes] = useState<NodeSizes>({});
  const onNodesChange = useCallback((changes: NodeChange<ParticipantNodeType | AnswerNodeType>[]) => {
    const measured = changes.filter((change) => change.type === 'dimensions' && change.dimensions !== undefined);
    if (measured.length === 0) return;
    setSizes((current) => {
      const next = { ...current };
      for (const change of measured) if (change.type === 'dimensions' && change.dimensions) next[`${layout}|${change.id}`] = change.dimensions;
      return next;
    });
  }, [layout]);
  return { sizes, onNodesChange };
}

export function LifecycleGraph() {
  const step = useExplorerStore(selectCurrentStep);
  const layout: GraphLayout = useMediaQuery(NARROW_QUERY) ? 'narrow' : 'wide';
  const [optionalInUse, optionalEdges] = [useExplorerStore(selectOptionalParticipants), useExplorerStore(selectOptionalEdges)];
  const { sizes, onNodesChange } = useMeasuredSizes(layout);
  const modelName = useExplorerStore(selectModelName);
  const tabRun = useExplorerStore(selectTabRun);
  const protocolVersion = useExplorerStore(selectProtocolVersion);
  const reducedMotion = useReducedMotion();
  const outcome = useCurrentStepOutcome();
  const failed = outcome?.failed === true;
  // Translation #2 that could not read the arguments sends nothing: no message travels, the host is where it failed.
  const sentNothing = failed && step?.id === 'host.translate-tool-call';
  const answer = useExplorerStore(selectShownAnswer);
  const editBefore = useExplorerStore(selectEditBefore);

  const nodes = useMemo<(ParticipantNodeType | AnswerNodeType)[]>(() => {
    const roleOf = (participant: Participant): ParticipantRole => {
      if (!step) return 'idle';
      if (sentNothing) return participant === step.from ? 'failed' : 'idle';
      if (step.from === participant && step.to === participant) return 'working';
      if (step.from === participant) return 'sender';
      if (step.to === participant) return 'receiver';
      return 'idle';
    };
    const details: Partial<Record<Participant, string>> = {
      llm: modelName ?? undefined,
      client: protocolVersion ? `protocol ${protocolVersion}` : undefined,
    };
    const drawn = PARTICIPANTS.filter((participant) => !OPTIONAL_PARTICIPANTS.includes(participant) || optionalInUse.split(',').includes(participant));
    const participants = drawn.map((participant) => {
      const role = roleOf(participant);
      // The same object for a node whose role and detail did not change: React Flow then leaves it alone.
      const size = sizes[`${layout}|${participant}`];
      const compact = layout === 'narrow';
      return findNodeObject(`${participant}|${role}|${details[participant] ?? ''}|${layout}|${size ? `${size.width}x${size.height}` : 'unmeasured'}`, () => ({
        id: participant,
        ...(size ? { measured: size } : {}),
        type: 'participant',
        position: (compact ? NARROW_NODE_POSITIONS : NODE_POSITIONS)[participant],
        data: { label: PARTICIPANT_LABELS[participant], subtitle: NODE_SUBTITLES[participant], detail: details[participant], role, compact, slim: SLIM_NODES.includes(participant) },
        // Read as part of the figure, not a Tab stop: the graph shows the step, the controls and the timeline move it.
        ariaRole: 'group',
        ariaLabel: `${PARTICIPANT_LABELS[participant]}${role === 'idle' ? '' : `, ${role === 'working' ? 'working' : role}`}`,
        draggable: false,
        selectable: false,
        connectable: false,
      }));
    });
    return answer === null ? participants : [...participants, makeAnswerNode({ answer, editBefore, layout, size: sizes[`${layout}|answer`], position: placeAnswer({ layout, drawn }) })];
  }, [step, modelName, protocolVersion, sizes, layout, sentNothing, optionalInUse, answer, editBefore]);

  const edges = useMemo<MessageEdgeType[]>(() => {
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
      return createEdgeObject(edge, { key: `${step.n}`, label: describeMessage(step), kind: failed ? 'fault' : step.kind, reverse: travel.reverse, animate: !reducedMotion });
    });
  }, [step, reducedMotion, layout, failed, sentNothing, optionalInUse, optionalEdges, tabRun]);

  return (
    <div className="h-full w-full" data-testid="lifecycle-graph" data-layout={layout} aria-label="Lifecycle graph: User, Host, MCP Client, MCP Server and LLM" role="figure">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        onNodesChange={onNodesChange}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        fitView
        fitViewOptions={FIT_OPTIONS}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        panOnDrag={false}
        zoomOnScroll={false}
        zoomOnPinch={false}
        zoomOnDoubleClick={false}
        preventScrolling={false}
        // React Flow takes Space to pan by default (and keeps it from the page): here Space is Play, as the shortcut list says.
        panActivationKeyCode={null}
        proOptions={{ hideAttribution: true }}
        minZoom={0.3}
        maxZoom={1.6}
      >
        <FitOnResize fitKey={`${layout}|${[...PARTICIPANTS, 'answer'].map((id) => `${sizes[`${layout}|${id}`]?.width ?? 0}x${sizes[`${layout}|${id}`]?.height ?? 0}`).join(',')}|${answer === null ? '' : 'answer'}`} />
      </ReactFlow>
    </div>
  );
}
