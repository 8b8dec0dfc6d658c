import type { Step, Trace } from './trace.ts';

/** A step of a test: the client's tools/list request unless the parts say otherwise. */
export const makeStep = (parts: Partial<Step>): Step => ({
  n: 1,
  id: 'mcp.tools-list.request',
  canonical: 3,
  iteration: 1,
  phase: 'discovery',
  from: 'client',
  to: 'server',
  kind: 'request',
  title: 'Client sends tools/list',
  payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  at: 10,
  ...parts,
});

/** A trace of a test around the given steps: the mock in openai-chat against a 2025-11-25 server. */
export const makeTrace = (steps: Step[], parts: Partial<Trace> = {}): Trace => ({
  format: 'mcp-lifecycle-trace',
  version: 1,
  question: 'What is 5 plus 7?',
  answer: null,
  status: 'complete',
  startedAt: '2026-01-02T03:04:05.000Z',
  model: { wire: 'openai-chat', kind: 'mock', name: 'mock-model-deterministic' },
  mcp: { url: 'http://127.0.0.1:1/mcp', era: '2025-11-25', protocolVersion: null },
  steps,
  ...parts,
});
