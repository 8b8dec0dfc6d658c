import { INSTRUMENTATION_BADGE, isServerInstrumentation } from '../../content/index.ts';
import { getStepDefinition } from '../../trace/index.ts';
import type { Step, Participant } from '../../trace/index.ts';

/**
 * Where the five parts sit and how they are wired. The top row is the provider world
 * (Host ↔ LLM), the bottom row the MCP world (Client ↔ Server): the two protocol
 * boundaries the host bridges.
 */

/**
 * As close as the edges' labels allow: the graph is fitted to its area, so every unit of
 * width or height it saves is drawn larger, and the nodes' subtitles stay at 12 px or more
 * (14 px at a zoom of 0.86) in the squat layout of a 1024×768 or 1280×720 screen. Nodes
 * wide enough for most subtitles on one line keep the rows short.
 */
export const NODE_POSITIONS: Record<Participant, { x: number; y: number }> = {
  user: { x: 0, y: 0 },
  host: { x: 300, y: 0 },
  llm: { x: 746, y: 0 },
  client: { x: 300, y: 118 },
  server: { x: 746, y: 118 },
  bridge: { x: 746, y: 248 },
  authorization: { x: 0, y: 118 },
  // Above the host that renders it: the view is on the user's screen, not in the MCP world.
  app: { x: 300, y: -118 },
};

/**
 * A phone's narrow screen: the same wiring in two columns (User above Host, the model
 * beside it, the MCP world below), with narrower nodes that carry their names only (a
 * subtitle there would be drawn under 12 px), so the parts are drawn at a readable size.
 */
export const NARROW_NODE_POSITIONS: Record<Participant, { x: number; y: number }> = {
  user: { x: 0, y: 0 },
  host: { x: 0, y: 120 },
  llm: { x: 230, y: 120 },
  client: { x: 0, y: 250 },
  server: { x: 230, y: 250 },
  bridge: { x: 230, y: 370 },
  authorization: { x: 0, y: 370 },
  app: { x: 230, y: 0 },
};

export type GraphLayout = 'wide' | 'narrow';

/**
 * Where the answer is drawn once it reaches the user: beside the User, where no part is (under it in the wide layout,
 * or under the Authorization Server when a run draws that there; right of it in the narrow one, unless a tool's view
 * is drawn there: then at the foot of the left column, under the Authorization Server when a run draws that).
 */
export function placeAnswer({ layout, drawn }: { layout: GraphLayout; drawn: readonly Participant[] }): { x: number; y: number } {
  if (layout === 'narrow' && drawn.includes('app')) {
    const { authorization, client } = NARROW_NODE_POSITIONS;
    return { x: authorization.x, y: drawn.includes('authorization') ? authorization.y + (authorization.y - client.y) : authorization.y };
  }
  if (layout === 'narrow') return { x: NARROW_NODE_POSITIONS.llm.x, y: NARROW_NODE_POSITIONS.user.y };
  const below = drawn.includes('authorization') ? NODE_POSITIONS.bridge.y : NODE_POSITIONS.authorization.y;
  return { x: NODE_POSITIONS.user.x, y: below };
}

/** The wide layout's nodes are 16rem wide; the User, whose subtitle is short, 11rem: the gap to the Host holds a message's name. */
export const SLIM_NODES: readonly Participant[] = ['user'];

export const NODE_SUBTITLES: Record<Participant, string> = {
  user: 'Asks in words',
  host: 'Agent · orchestrator · translator',
  llm: 'Decides which tool, writes arguments',
  client: 'MCP SDK client, in this page',
  server: 'Tool registry · validation · handlers',
  bridge: 'The app starts the stdio server and relays its lines',
  authorization: 'OAuth: metadata, consent, tokens',
  app: 'The tool’s view, in a sandboxed frame',
};

export type GraphEdgeDefinition = {
  id: string;
  source: Participant;
  target: Participant;
  sourceHandle: string;
  targetHandle: string;
  label: string;
  /** Where the label sits: under a horizontal edge, beside a vertical one. */
  labelOffset: { x: number; y: number };
  /** Where the name of a travelling message sits: opposite the label. */
  messageOffset: { x: number; y: number };
  /** Drawn only in a run whose steps travel on it (provider-side MCP: the provider's own MCP client). */
  onlyWhenUsed?: true;
};

export const GRAPH_EDGES: GraphEdgeDefinition[] = [
  {
    id: 'user-host',
    source: 'user',
    target: 'host',
    sourceHandle: 'right',
    targetHandle: 'left',
    label: 'the app',
    labelOffset: { x: 0, y: 14 },
    messageOffset: { x: 0, y: -18 },
  },
  {
    id: 'host-llm',
    source: 'host',
    target: 'llm',
    sourceHandle: 'right',
    targetHandle: 'left',
    label: 'Provider API · HTTP',
    labelOffset: { x: 0, y: 14 },
    messageOffset: { x: 0, y: -18 },
  },
  {
    id: 'host-client',
    source: 'host',
    target: 'client',
    sourceHandle: 'bottom',
    targetHandle: 'top',
    label: 'function call',
    labelOffset: { x: 44, y: 0 },
    messageOffset: { x: -70, y: 0 },
  },
  {
    id: 'server-bridge',
    source: 'server',
    target: 'bridge',
    sourceHandle: 'bottom',
    targetHandle: 'top',
    label: 'stdio · one JSON line each',
    labelOffset: { x: 90, y: 0 },
    messageOffset: { x: -70, y: 0 },
  },
  {
    id: 'user-authorization',
    source: 'user',
    target: 'authorization',
    sourceHandle: 'bottom',
    targetHandle: 'top',
    label: 'consent page',
    labelOffset: { x: 50, y: 0 },
    messageOffset: { x: -70, y: 0 },
  },
  {
    id: 'authorization-client',
    source: 'authorization',
    target: 'client',
    sourceHandle: 'right',
    targetHandle: 'left',
    label: 'OAuth · HTTP',
    labelOffset: { x: 0, y: 14 },
    messageOffset: { x: 0, y: -18 },
  },
  {
    id: 'app-host',
    source: 'app',
    target: 'host',
    sourceHandle: 'bottom',
    targetHandle: 'top',
    label: 'postMessage · JSON-RPC',
    labelOffset: { x: 70, y: 0 },
    messageOffset: { x: -70, y: 0 },
  },
  {
    id: 'client-server',
    source: 'client',
    target: 'server',
    sourceHandle: 'right',
    targetHandle: 'left',
    label: 'MCP · JSON-RPC over HTTP',
    labelOffset: { x: 0, y: 14 },
    messageOffset: { x: 0, y: -18 },
  },
  // Provider-side MCP: the provider's own MCP client talks to the server, and the host's client stays idle.
  {
    id: 'llm-server',
    source: 'llm',
    target: 'server',
    sourceHandle: 'bottom',
    targetHandle: 'top',
    label: 'the provider’s MCP client',
    labelOffset: { x: 84, y: 0 },
    messageOffset: { x: -84, y: 0 },
    onlyWhenUsed: true,
  },
];

/**
 * In the narrow layout User sits above Host: their edge is vertical, its labels beside it
 * like Host → Client's. The gap between the columns is too short for a message's name, so
 * it rides above the row, in the free band under the row before.
 */
const NARROW_EDGE_CHANGES: Partial<Record<string, Partial<GraphEdgeDefinition>>> = {
  'user-host': { sourceHandle: 'bottom', targetHandle: 'top', labelOffset: { x: -38, y: 0 }, messageOffset: { x: 56, y: 0 } },
  'host-client': { labelOffset: { x: -38, y: 0 }, messageOffset: { x: 56, y: 0 } },
  'host-llm': { label: 'Provider API', messageOffset: { x: 0, y: -58 } },
  'client-server': { label: 'MCP · HTTP', messageOffset: { x: 0, y: -58 } },
  'llm-server': { label: 'provider’s MCP', labelOffset: { x: 56, y: 0 }, messageOffset: { x: -56, y: 0 } },
};

export const NARROW_GRAPH_EDGES: GraphEdgeDefinition[] = GRAPH_EDGES.map((edge) => ({ ...edge, ...NARROW_EDGE_CHANGES[edge.id] }));

/** The edge a step's message travels along, and whether it goes against the edge's drawn direction. */
export function findStepEdge(step: Pick<Step, 'from' | 'to'>): { edgeId: string; reverse: boolean } | undefined {
  if (step.from === step.to) return undefined;
  for (const edge of GRAPH_EDGES) {
    if (edge.source === step.from && edge.target === step.to) return { edgeId: edge.id, reverse: false };
    if (edge.source === step.to && edge.target === step.from) return { edgeId: edge.id, reverse: true };
  }
  return undefined;
}

/** The edges only some runs travel on, of those this run's steps do: drawn only then. */
export function listUsedOptionalEdges(steps: readonly Pick<Step, 'from' | 'to'>[]): string[] {
  return GRAPH_EDGES.filter((edge) => edge.onlyWhenUsed && steps.some((step) => findStepEdge(step)?.edgeId === edge.id)).map((edge) => edge.id);
}

/** A short label for the moving message: the JSON-RPC method, or the step's own short name. */
export function describeMessage(step: Step): string {
  const payload = step.payload as { method?: unknown } | undefined;
  // The server's own reports are its inside work made visible: the edge says they are this server's, not the protocol's habit.
  if (typeof payload?.method === 'string') return isServerInstrumentation(step.id) ? `${payload.method} (${INSTRUMENTATION_BADGE})` : payload.method;
  const definition = getStepDefinition(step.id);
  // The model in the tab is reached by no network: its messages say where they go.
  if (definition?.channel === 'in-tab') return `${definition.label} (in this tab)`;
  return definition?.label ?? step.kind;
}

/** Whether a step crosses no network: the model in the learner's tab (the step table's `channel`). */
export function isInTabStep(step: Pick<Step, 'id'>): boolean {
  return getStepDefinition(step.id)?.channel === 'in-tab';
}

/** Host ↔ LLM as the run uses it: a provider's API over HTTP, or the model in this tab with no HTTP at all. */
export const IN_TAB_EDGE_LABEL = 'In this tab · no HTTP';
