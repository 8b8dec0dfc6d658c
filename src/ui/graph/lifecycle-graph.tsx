import { useEffect } from 'react';
import { ReactFlow, useReactFlow, useStore, type EdgeTypes, type NodeTypes, type ReactFlowState } from '@xyflow/react';
import '@xyflow/react/dist/base.css';
import { PARTICIPANTS } from '../../trace/index.ts';
import { selectCurrentStep, selectShownAnswer, useExplorerStore } from '../../store/index.ts';
import { AnswerNode } from './answer-node.tsx';
import { useMediaQuery } from '../use-media-query.ts';
import { useCurrentStepOutcome } from '../use-step-outcomes.ts';
import type { GraphLayout } from './graph-layout.ts';
import { MessageEdge } from './message-edge.tsx';
import { ParticipantNode } from './participant-node.tsx';
import { useGraphEdges } from './use-graph-edges.ts';
import { selectOptionalParticipants, useGraphNodes, useMeasuredSizes, type NodeSizes } from './use-graph-nodes.ts';

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

/** What, when it changes, calls for the view to be fitted again: the layout, each node's measured size, the answer's coming. */
function writeFitKey({ layout, sizes, answerShown }: { layout: GraphLayout; sizes: NodeSizes; answerShown: boolean }): string {
  const measured = [...PARTICIPANTS, 'answer'].map((id) => `${sizes[`${layout}|${id}`]?.width ?? 0}x${sizes[`${layout}|${id}`]?.height ?? 0}`);
  return `${layout}|${measured.join(',')}|${answerShown ? 'answer' : ''}`;
}

export function LifecycleGraph() {
  const step = useExplorerStore(selectCurrentStep);
  const layout: GraphLayout = useMediaQuery(NARROW_QUERY) ? 'narrow' : 'wide';
  const optionalInUse = useExplorerStore(selectOptionalParticipants);
  const { sizes, onNodesChange } = useMeasuredSizes(layout);
  const outcome = useCurrentStepOutcome();
  const failed = outcome?.failed === true;
  // Translation #2 that could not read the arguments sends nothing: no message travels, the host is where it failed.
  const sentNothing = failed && step?.id === 'host.translate-tool-call';
  const answer = useExplorerStore(selectShownAnswer);

  const nodes = useGraphNodes({ step, sentNothing, layout, sizes, optionalInUse });
  const edges = useGraphEdges({ step, failed, sentNothing, layout, optionalInUse });

  return (
    <div
      className="h-full w-full"
      data-testid="lifecycle-graph"
      data-layout={layout}
      aria-label="Lifecycle graph: User, Host, MCP Client, MCP Server and LLM"
      role="figure"
    >
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
        <FitOnResize fitKey={writeFitKey({ layout, sizes, answerShown: answer !== null })} />
      </ReactFlow>
    </div>
  );
}
