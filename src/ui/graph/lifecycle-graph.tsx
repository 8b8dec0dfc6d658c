import { useCallback, useEffect, useMemo, useState } from 'react';
import { ReactFlow, useReactFlow, useStore, type EdgeTypes, type NodeChange, type NodeTypes, type ReactFlowState } from '@xyflow/react';
import '@xyflow/react/dist/base.css';
import { OPTIONAL_PARTICIPANTS, PARTICIPANTS, PARTICIPANT_LABELS, type Participant } from '../../trace/vocabulary.ts';
import { selectCurrentStep, useExplorerStore } from '../../store/explorer-store.ts';
import { useReducedMotion } from '../use-reduced-motion.ts';
import { GRAPH_EDGES, NODE_POSITIONS, NODE_SUBTITLES, describeMessage, findStepEdge, type GraphEdgeDefinition } from './graph-layout.ts';
import { MessageEdge, type MessageEdgeData, type MessageEdgeType } from './message-edge.tsx';
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

/**
 * One object per node look and per idle edge, kept for the page's life (a few dozen at
 * most): React Flow compares them by identity, so the parts a step does not touch keep
 * their objects and are not rendered again.
 */
const nodeObjects = new Map<string, ParticipantNodeType>();
const idleEdgeObjects = new Map<string, MessageEdgeType>();

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

const selectModelName = (state: { modelName: string | null }) => state.modelName;
const selectProtocolVersion = (state: { protocolVersion: string | null }) => state.protocolVersion;

type NodeSizes = Partial<Record<string, { width: number; height: number }>>;

export function LifecycleGraph() {
  const step = useExplorerStore(selectCurrentStep);
  const optionalInUse = useExplorerStore(selectOptionalParticipants);
  // React Flow measures a node it has no size for, forcing a layout: a new node object carries the size measured before.
  const [sizes, setSizes] = useState<NodeSizes>({});
  const onNodesChange = useCallback((changes: NodeChange<ParticipantNodeType>[]) => {
    const measured = changes.filter((change) => change.type === 'dimensions' && change.dimensions !== undefined);
    if (measured.length === 0) return;
    setSizes((current) => {
      const next = { ...current };
      for (const change of measured) if (change.type === 'dimensions' && change.dimensions) next[change.id] = change.dimensions;
      return next;
    });
  }, []);
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
    const drawn = PARTICIPANTS.filter((participant) => !OPTIONAL_PARTICIPANTS.includes(participant) || optionalInUse.split(',').includes(participant));
    return drawn.map((participant) => {
      const role = roleOf(participant);
      // The same object for a node whose role and detail did not change: React Flow then leaves it alone.
      const size = sizes[participant];
      return findNodeObject(`${participant}|${role}|${details[participant] ?? ''}|${size ? `${size.width}x${size.height}` : 'unmeasured'}`, () => ({
        id: participant,
        ...(size ? { measured: size } : {}),
        type: 'participant',
        position: NODE_POSITIONS[participant],
        data: { label: PARTICIPANT_LABELS[participant], subtitle: NODE_SUBTITLES[participant], detail: details[participant], role },
        ariaLabel: `${PARTICIPANT_LABELS[participant]}${role === 'idle' ? '' : `, ${role === 'working' ? 'working' : role}`}`,
        draggable: false,
        selectable: false,
        connectable: false,
      }));
    });
  }, [step, modelName, protocolVersion, sizes, optionalInUse]);

  const edges = useMemo<MessageEdgeType[]>(() => {
    const travel = step ? findStepEdge(step) : undefined;
    const drawnEdges = GRAPH_EDGES.filter((edge) => [edge.source, edge.target].every((end) => !OPTIONAL_PARTICIPANTS.includes(end) || optionalInUse.split(',').includes(end)));
    return drawnEdges.map((edge) => {
      if (!step || !travel || travel.edgeId !== edge.id) {
        const idle = idleEdgeObjects.get(edge.id) ?? createEdgeObject(edge);
        idleEdgeObjects.set(edge.id, idle);
        return idle;
      }
      return createEdgeObject(edge, { key: `${step.n}`, label: describeMessage(step), kind: step.kind, reverse: travel.reverse, animate: !reducedMotion });
    });
  }, [step, reducedMotion, optionalInUse]);

  return (
    <div className="h-full w-full" data-testid="lifecycle-graph" aria-label="Lifecycle graph: User, Host, MCP Client, MCP Server and LLM" role="figure">
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
