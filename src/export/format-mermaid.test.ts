import { describe, expect, it } from 'vitest';
import type { Step, Trace } from '../trace/trace.ts';
import { formatMermaid } from './format-mermaid.ts';
import { listSequenceColumns } from './sequence-layout.ts';

const step = (parts: Partial<Step>): Step => ({ n: 1, id: 'mcp.tools-list.request', canonical: 3, iteration: 1, phase: 'discovery', from: 'client', to: 'server', kind: 'request', title: 'Client sends tools/list', payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, at: 10, ...parts });

const trace = (steps: Step[]): Trace => ({
  format: 'mcp-lifecycle-trace',
  version: 1,
  question: 'What is 5 plus 7?',
  answer: null,
  status: 'complete',
  startedAt: '2026-01-02T03:04:05.000Z',
  model: { wire: 'openai-chat', kind: 'mock', name: 'mock-model-deterministic' },
  mcp: { url: 'http://127.0.0.1:1/mcp', era: '2025-11-25', protocolVersion: null },
  steps,
});

describe('formatMermaid', () => {
  it('declares the page sequence view’s columns in its order: the five usual parts, used or not, then the optional ones a run used', () => {
    const { result } = formatMermaid({ trace: trace([step({}), step({ n: 2, id: 'auth.discovery', from: 'client', to: 'authorization', kind: 'request', payload: {} })]) });
    const declared = result.split('\n').filter((line) => line.trim().startsWith('participant ')).map((line) => line.trim().split(' ')[1]);
    expect(declared).toEqual(['user', 'host', 'client', 'server', 'llm', 'authorization']);
    expect(declared).toEqual(listSequenceColumns(trace([step({}), step({ n: 2, from: 'client', to: 'authorization' })]).steps));
  });

  it('marks a message the learner edited, and only that one', () => {
    const { result } = formatMermaid({
      trace: trace([step({}), step({ n: 2, id: 'mcp.tools-call.request', canonical: 12, payload: { method: 'tools/call', params: { name: 'add_numbers' } }, edited: { original: {} } })]),
    });
    const arrows = result.split('\n').filter((line) => line.includes('client->>server'));
    expect(arrows).toHaveLength(2);
    expect(arrows[0]).not.toContain('edited');
    expect(arrows[1]).toMatch(/12 tools\/call add_numbers \(edited by you\)$/);
  });
});
