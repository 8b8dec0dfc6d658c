import { useEffect, useMemo } from 'react';
import { ReactFlow, useReactFlow, useStore, type EdgeTypes, type NodeTypes, type ReactFlowState } from '@xyflow/react';
import '@xyflow/react/dist/base.css';
import { PARTICIPANTS, PARTICIPANT_LABELS, type Participant } from '../../lifecycle/vocabulary.ts';
import { selectCurrentStep, useExplorerStore } from '../../store/explorer-store.ts';
import { useReducedMotion } from '../use-reduced-motion.ts';
import { GRAPH_EDGES, NODE_POSITIONS, NODE_SUBTITLES, describeMessage, findStepEdge } from './graph-layout.ts';
import { MessageEdge, type MessageEdgeType } from './message-edge.tsx';
import { ParticipantNode, type ParticipantNodeType, type ParticipantRole } from './participant-node.tsx';

// Module level, so React Flow never sees new types and never remounts the nodes.
const nodeTypes: NodeTypes = { participant: ParticipantNode };
const edgeTypes: EdgeTypes = { message: MessageEdge };

const FIT_OPTIONS = { padding: 0.08 };
const selectPaneSize = (state: ReactFlowState) => `${state.width}x${state.height}`;

/** Keeps all five parts in view when the panel changes size (a long caption, a resized window). */
function FitOnResize() {
  const size = useStore(selectPaneSize);
  const { fitView } = useReactFlow();
  useEffect(() => {
    void fitView(FIT_OPTIONS);
  }, [size, fitView]);
  return null;
}

const selectModelName = (state: { modelName: string | null }) => state.modelName;
const selectProtocolVersion = (state: { protocolVersion: string | null }) => state.protocolVersion;

export function LifecycleGraph() {
  const step = useExplorerStore(selectCurrentStep);
  const modelName = useExplorerStore(selectModelName);
  const protocolVersion = useExplorerStore(selectProtocolVersion);
  const reducedMotion = useReducedMotion();

  const nodes = useMemo<ParticipantNodeType[]>(() => {
    const roleOf = (participant: Participant): ParticipantRole => {
      if (!step) return 'idle';
      if (step.from === participant && step.to === participant) return 'working';
      if (step.from === participant) return 'sender';
      if (step.to === participant) return 'receiver';
      return 'idle';
    };
    const details: Partial<Record<Participant, string>> = {
      llm: modelName ?? undefined,
      client: protocolVersion ? `protocol ${protocolVersion}` : undefined,
    };
    return PARTICIPANTS.map((participant) => {
      const role = roleOf(participant);
      return {
        id: participant,
        type: 'participant',
        position: NODE_POSITIONS[participant],
        data: { label: PARTICIPANT_LABELS[participant], subtitle: NODE_SUBTITLES[participant], detail: details[participant], role },
        ariaLabel: `${PARTICIPANT_LABELS[participant]}${role === 'idle' ? '' : `, ${role === 'working' ? 'working' : role}`}`,
        draggable: false,
        selectable: false,
        connectable: false,
      };
    });
  }, [step, modelName, protocolVersion]);

  const edges = useMemo<MessageEdgeType[]>(() => {
    const travel = step ? findStepEdge(step) : undefined;
    return GRAPH_EDGES.map((edge) => ({
      id: edge.id,
      type: 'message',
      source: edge.source,
      target: edge.target,
      sourceHandle: edge.sourceHandle,
      targetHandle: edge.targetHandle,
      selectable: false,
      focusable: false,
      data: {
        label: edge.label,
        labelOffset: edge.labelOffset,
        messageOffset: edge.messageOffset,
        ...(step && travel?.edgeId === edge.id
          ? { message: { key: `${step.n}`, label: describeMessage(step), kind: step.kind, reverse: travel.reverse, animate: !reducedMotion } }
          : {}),
      },
    }));
  }, [step, reducedMotion]);

  return (
    <div className="h-full w-full" data-testid="lifecycle-graph" aria-label="Lifecycle graph: User, Host, MCP Client, MCP Server and LLM" role="figure">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        fitView
        fitViewOptions={FIT_OPTIONS}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        panOnDrag={false}
        zoomOnScroll={false}
        zoomOnPinch={false}
        zoomOnDoubleClick={false}
        preventScrolling={false}
        proOptions={{ hideAttribution: true }}
        minZoom={0.3}
        maxZoom={1.6}
      >
        <FitOnResize />
      </ReactFlow>
    </div>
  );
}
