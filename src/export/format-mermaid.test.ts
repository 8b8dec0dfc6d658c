import { describe, expect, it } from 'vitest';
import type { Step } from '../trace/trace.ts';
import { makeStep, makeTrace } from '../trace/sample-trace.test-helper.ts';
import { formatMermaid } from './format-mermaid.ts';
import { listSequenceColumns } from './sequence-layout.ts';

const step = makeStep;
const trace = (steps: Step[]) => makeTrace(steps);

describe('formatMermaid', () => {
  it('declares the page sequence view’s columns in its order: the five usual parts, used or not, then the optional ones a run used', () => {
    const { result } = formatMermaid({
      trace: trace([step({}), step({ n: 2, id: 'auth.discovery', from: 'client', to: 'authorization', kind: 'request', payload: {} })]),
    });
    const declared = result
      .split('\n')
      .filter((line) => line.trim().startsWith('participant '))
      .map((line) => line.trim().split(' ')[1]);
    expect(declared).toEqual(['user', 'host', 'client', 'server', 'llm', 'authorization']);
    expect(declared).toEqual(listSequenceColumns(trace([step({}), step({ n: 2, from: 'client', to: 'authorization' })]).steps));
  });

  it('marks a message the learner edited, and only that one', () => {
    const { result } = formatMermaid({
      trace: trace([
        step({}),
        step({
          n: 2,
          id: 'mcp.tools-call.request',
          canonical: 12,
          payload: { method: 'tools/call', params: { name: 'add_numbers' } },
          edited: { original: {} },
        }),
      ]),
    });
    const arrows = result.split('\n').filter((line) => line.includes('client->>server'));
    expect(arrows).toHaveLength(2);
    expect(arrows[0]).not.toContain('edited');
    expect(arrows[1]).toMatch(/12 tools\/call add_numbers \(edited by you\)$/);
  });
});
