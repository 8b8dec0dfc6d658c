import { getStepDefinition } from '../../trace/steps.ts';
import type { Step } from '../../trace/trace.ts';
import type { Participant } from '../../trace/vocabulary.ts';

/**
 * Where the five parts sit and how they are wired. The top row is the provider world
 * (Host ↔ LLM), the bottom row the MCP world (Client ↔ Server): the two protocol
 * boundaries the host bridges.
 */

export const NODE_POSITIONS: Record<Participant, { x: number; y: number }> = {
  user: { x: 0, y: 0 },
  host: { x: 310, y: 0 },
  llm: { x: 740, y: 0 },
  client: { x: 310, y: 200 },
  server: { x: 740, y: 200 },
  bridge: { x: 740, y: 380 },
};

export const NODE_SUBTITLES: Record<Participant, string> = {
  user: 'Asks in words',
  host: 'Agent · orchestrator · translator',
  llm: 'Decides which tool, writes arguments',
  client: 'MCP SDK client, in this page',
  server: 'Tool registry · validation · handlers',
  bridge: 'The app starts the stdio server and relays its lines',
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
};

export const GRAPH_EDGES: GraphEdgeDefinition[] = [
  { id: 'user-host', source: 'user', target: 'host', sourceHandle: 'right', targetHandle: 'left', label: 'the app', labelOffset: { x: 0, y: 14 }, messageOffset: { x: 0, y: -18 } },
  { id: 'host-llm', source: 'host', target: 'llm', sourceHandle: 'right', targetHandle: 'left', label: 'Provider API · HTTP', labelOffset: { x: 0, y: 14 }, messageOffset: { x: 0, y: -18 } },
  { id: 'host-client', source: 'host', target: 'client', sourceHandle: 'bottom', targetHandle: 'top', label: 'function call', labelOffset: { x: 44, y: 0 }, messageOffset: { x: -70, y: 0 } },
  { id: 'server-bridge', source: 'server', target: 'bridge', sourceHandle: 'bottom', targetHandle: 'top', label: 'stdio · one JSON line each', labelOffset: { x: 90, y: 0 }, messageOffset: { x: -70, y: 0 } },
  { id: 'client-server', source: 'client', target: 'server', sourceHandle: 'right', targetHandle: 'left', label: 'MCP · JSON-RPC over HTTP', labelOffset: { x: 0, y: 14 }, messageOffset: { x: 0, y: -18 } },
];

/** The edge a step's message travels along, and whether it goes against the edge's drawn direction. */
export function findStepEdge(step: Pick<Step, 'from' | 'to'>): { edgeId: string; reverse: boolean } | undefined {
  if (step.from === step.to) return undefined;
  for (const edge of GRAPH_EDGES) {
    if (edge.source === step.from && edge.target === step.to) return { edgeId: edge.id, reverse: false };
    if (edge.source === step.to && edge.target === step.from) return { edgeId: edge.id, reverse: true };
  }
  return undefined;
}

/** A short label for the moving message: the JSON-RPC method, or the step's own short name. */
export function describeMessage(step: Step): string {
  const payload = step.payload as { method?: unknown } | undefined;
  if (typeof payload?.method === 'string') return payload.method;
  return getStepDefinition(step.id)?.label ?? step.kind;
}
