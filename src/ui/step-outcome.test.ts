import { describe, expect, it } from 'vitest';
import type { Step } from '../trace/trace.ts';
import { createCountedRun } from '../../tests/helpers/count-step-reads.ts';
import { findStepOutcomes } from './step-outcome.ts';

/** Just the fields the outcome reads; the rest of a step does not matter here. */
function step(id: string, iteration: number, payload: unknown = {}): Step {
  return { n: 0, id, canonical: null, iteration, phase: 'execution', from: 'host', to: 'host', kind: 'internal', title: id, payload, at: 0 };
}

const happyRound = (round: number) => [
  step('provider.response.tool-calls', round),
  step('host.translate-tool-call', round, { name: 'add_numbers', arguments: { a: 5, b: 7 } }),
  step('mcp.tools-call.request', round),
  step('server.validate-arguments', round),
  step('server.execute', round),
  step('mcp.tools-call.response', round, { result: { content: [] } }),
];

describe('step outcomes', () => {
  it('the happy path has none', () => {
    expect(findStepOutcomes([...happyRound(1), step('provider.response.answer', 2)])).toEqual(Array(7).fill(undefined));
  });

  it('a validation refusal (isError, no execution) marks its round, and the refusal and what carries it red', () => {
    const steps = [
      step('mcp.tools-call.request', 1),
      step('server.validate-arguments', 1),
      step('mcp.tools-call.response', 1, { result: { isError: true, content: [] } }),
      step('client.result-to-host', 1),
      ...happyRound(2),
    ];
    const outcomes = findStepOutcomes(steps);
    expect(outcomes.slice(0, 4)).toEqual([
      { situation: 'validation-refused', failed: false },
      { situation: 'validation-refused', failed: true },
      { situation: 'validation-refused', failed: true },
      { situation: 'validation-refused', failed: true },
    ]);
    expect(outcomes.slice(4)).toEqual(Array(6).fill(undefined));
  });

  it('a tool that ran and failed, an unknown tool, unreadable arguments and a run without tools are told apart', () => {
    const failed = findStepOutcomes([
      step('server.execute', 1),
      step('mcp.tools-call.response', 1, { result: { isError: true } }),
      step('provider.response.tool-calls', 1),
      step('provider.response.answer', 2),
    ]);
    expect(failed[1]).toEqual({ situation: 'tool-failed', failed: true });
    // The answer that follows reports the failure: its words must not say the tool computed anything.
    expect(failed[3]).toEqual({ situation: 'tool-failed', failed: false });
    const unknown = findStepOutcomes([step('server.registry-lookup', 1), step('mcp.tools-call.response', 1, { error: { code: -32602 } })]);
    expect(unknown).toEqual([
      { situation: 'unknown-tool', failed: true },
      { situation: 'unknown-tool', failed: true },
    ]);
    // -32020: the server refused before its registry was read; the call's name is not the matter.
    const mismatch = findStepOutcomes([
      step('mcp.tools-call.response', 1, { error: { code: -32020, message: 'Bad Request: the request headers and body disagree' } }),
      step('client.result-to-host', 1),
    ]);
    expect(mismatch).toEqual([
      { situation: 'header-mismatch', failed: true },
      { situation: 'header-mismatch', failed: true },
    ]);
    const unreadable = findStepOutcomes([step('host.translate-tool-call', 1, { error: 'not JSON' }), step('host.translate-tool-result', 1)]);
    expect(unreadable).toEqual([
      { situation: 'arguments-unreadable', failed: true },
      { situation: 'arguments-unreadable', failed: false },
    ]);
    expect(findStepOutcomes([step('provider.request', 1), step('provider.response.answer', 1)])[1]).toEqual({ situation: 'no-tool', failed: false });
  });
});

describe('step outcomes of a long run', () => {
  it('read each step a bounded number of times, not once per round (linear in the run)', () => {
    const { steps, reads } = createCountedRun(180);
    expect(findStepOutcomes(steps)).toHaveLength(1_800);
    // 180 rounds filtered over the whole run read each step's round 180 times.
    expect(reads() / steps.length).toBeLessThan(12);
  });
});
