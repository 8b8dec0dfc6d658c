import { describe, expect, it } from 'vitest';
import type { Step } from '../../trace/trace.ts';
import { findStepOutcomes } from '../step-outcome.ts';
import { findSkippedSteps } from './skipped-steps.ts';

function step(id: string, canonical: number | null, iteration: number, payload: unknown = {}): Step {
  return { n: 0, id, canonical, iteration, phase: 'execution', from: 'host', to: 'host', kind: 'internal', title: id, payload, at: 0 };
}

describe('steps a round skipped', () => {
  it('unreadable arguments: round 1 goes from translation #2 to #3, so 12 to 17 did not happen in it', () => {
    const steps = [
      step('host.translate-tool-call', 11, 1, { error: 'not JSON' }),
      step('host.translate-tool-result', 18, 1),
      step('llm.decide', 9, 2),
      step('provider.response.tool-calls', 10, 2),
      step('host.translate-tool-call', 11, 2, { name: 'add_numbers', arguments: {} }),
      step('mcp.tools-call.request', 12, 2),
    ];
    const skipped = findSkippedSteps({ steps, outcomes: findStepOutcomes(steps) });
    expect(skipped.map((entry) => entry.canonical)).toEqual([12, 13, 14, 15, 16, 17]);
    expect(skipped[0]).toMatchObject({ round: 1, afterIndex: 0, reason: expect.stringContaining('no tools/call was sent') });
  });

  it('a refused validation skips the execution; rounds and steps outside the twenty do not count as gaps', () => {
    const steps = [
      step('server.validate-arguments', 14, 1),
      step('mcp.notification', null, 1),
      step('mcp.tools-call.response', 16, 1, { result: { isError: true } }),
      step('client.result-to-host', 17, 1),
      step('host.translate-tool-result', 18, 1),
      step('llm.decide', 9, 2),
    ];
    expect(findSkippedSteps({ steps, outcomes: findStepOutcomes(steps) })).toEqual([
      { canonical: 15, round: 1, afterIndex: 0, reason: 'the server’s validation refused the arguments, so the handler never ran.' },
    ]);
  });
});
