import { beforeAll, describe, expect, it } from 'vitest';
import { summarizeRun, type RunRecap } from '../../src/content/run-recap.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { findStepOutcomes } from '../../src/ui/step-outcome.ts';
import { createMockRun, createScenarioRun } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The end-of-run recap read from real runs: the built-in server and the mock model over
 * HTTP, one scenario each. What the recap says differed must be what the trace holds.
 */

const server = useServer();
const traces = new Map<string, Trace>();

/** Releases each gate; at the tools/call gate, sends other arguments than the model wrote. */
async function runWithEditedCall(): Promise<Trace> {
  const run = createMockRun(server.url);
  const finished = run.start();
  for (let attempt = 0; attempt < 500 && run.trace.status === 'running'; attempt++) {
    const pending = run.pending;
    if (pending?.id === 'mcp.tools-call.request') {
      const message = structuredClone(pending.payload) as { params: { arguments: Record<string, number> } };
      message.params.arguments = { a: 100, b: 7 };
      run.release({ payload: message });
    } else if (pending) run.release();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return finished;
}

function recapOf(scenarioId: string): RunRecap {
  const trace = traces.get(scenarioId)!;
  const recap = summarizeRun({ steps: trace.steps, status: trace.status, outcomes: findStepOutcomes(trace.steps), scenarioId });
  expect(recap).not.toBeNull();
  return recap!;
}

const stateOf = (recap: RunRecap, canonical: number) => recap.canonicalSteps.find((entry) => entry.canonical === canonical)!.state;

beforeAll(async () => {
  for (const scenarioId of ['happy-path', 'no-tool', 'bad-arguments', 'malformed-arguments', 'parallel-calls', 'two-rounds']) {
    traces.set(scenarioId, await createScenarioRun({ serverUrl: server.url, scenarioId }).start());
  }
  traces.set('edited', await runWithEditedCall());
}, 90_000);

describe('the end-of-run recap', () => {
  it('maps the happy path onto all twenty steps, four phases and three translations once each', () => {
    const recap = recapOf('happy-path');
    expect(recap.canonicalSteps.map((entry) => entry.state)).toEqual(Array(20).fill('happened'));
    expect(recap.phases.map((phase) => [phase.phase, phase.canonicalReached, phase.canonicalTotal])).toEqual([
      ['discovery', 6, 6],
      ['decision', 4, 4],
      ['execution', 7, 7],
      ['response', 3, 3],
    ]);
    expect(recap.translations.map((translation) => [translation.number, translation.times, translation.failed])).toEqual([
      [1, 1, false],
      [2, 1, false],
      [3, 1, false],
    ]);
    // The 2025-11-25 handshake is real traffic the article's twenty leave out: named, counted.
    expect(recap.differences.join('\n')).toMatch(/steps outside the article’s twenty: Handshake: client sends initialize/);
    expect(recap.differences.join('\n')).not.toMatch(/did not happen|Round 1/);
    expect(recap.next?.scenarioId).toBe('bad-arguments');
  });

  it('a run without a tool: steps 9 to 18 missing with the reason, translations #2 and #3 never done', () => {
    const recap = recapOf('no-tool');
    const missing = recap.canonicalSteps.filter((entry) => entry.state === 'missing').map((entry) => entry.canonical);
    expect(missing).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(recap.translations.map((translation) => translation.times)).toEqual([1, 0, 0]);
    const text = recap.differences.join('\n');
    expect(text).toContain('Steps 9–18 did not happen: The model answered without calling a tool');
    expect(text).toContain('Round 1: the model answered without calling a tool.');
    expect(recap.next?.scenarioId).toBe('bad-arguments');
  });

  it('bad arguments: step 14 failed in round 1, two rounds, and the next suggestion is another lesson', () => {
    const trace = traces.get('bad-arguments')!;
    const recap = recapOf('bad-arguments');
    expect(stateOf(recap, 14)).toBe('failed');
    expect(recap.canonicalSteps.find((entry) => entry.canonical === 14)!.note).toMatch(/^Failed in round 1: the server’s validation refused/);
    // Step 15 ran in the second round only, after the model corrected itself.
    expect(recap.canonicalSteps.find((entry) => entry.canonical === 15)!.rounds).toEqual([2]);
    const rounds = trace.steps.filter((step) => step.id === 'provider.response.tool-calls').length;
    expect(recap.differences.join('\n')).toContain(`The model asked for tools in ${rounds} rounds`);
    expect(recap.translations.find((translation) => translation.number === 2)!.times).toBe(rounds);
    expect(recap.next?.scenarioId).toBe('unknown-tool');
  });

  it('malformed arguments: translation #2 failed, and the recap says no tools/call was sent', () => {
    const recap = recapOf('malformed-arguments');
    expect(stateOf(recap, 11)).toBe('failed');
    expect(recap.translations.find((translation) => translation.number === 2)!.failed).toBe(true);
    expect(recap.differences.join('\n')).toContain('Round 1: translation #2 could not read the model’s arguments as JSON, so no tools/call was sent.');
  });

  it('parallel calls and two rounds are each named from their own traffic', () => {
    const parallel = recapOf('parallel-calls');
    const calls = traces.get('parallel-calls')!.steps.filter((step) => step.id === 'mcp.tools-call.request').length;
    expect(calls).toBe(2);
    expect(parallel.differences.join('\n')).toContain('2 tools/call requests for 1 model reply');
    expect(parallel.next?.scenarioId).toBe('bad-arguments');
    const twoRounds = recapOf('two-rounds');
    expect(twoRounds.canonicalSteps.find((entry) => entry.canonical === 12)!.rounds).toEqual([1, 2]);
    expect(twoRounds.differences.join('\n')).toContain('steps 9 to 18 ran 2 times');
  });

  it('an edited tools/call is the step the recap credits to the learner', () => {
    const trace = traces.get('edited')!;
    const recap = summarizeRun({ steps: trace.steps, status: trace.status, outcomes: findStepOutcomes(trace.steps), scenarioId: 'happy-path' })!;
    expect(stateOf(recap, 12)).toBe('edited');
    expect(recap.differences.join('\n')).toContain('You edited “Client sends tools/call” (step 12)');
  });

  it('is not given while the run is still running', () => {
    const trace = traces.get('happy-path')!;
    expect(summarizeRun({ steps: trace.steps, status: 'running', outcomes: [], scenarioId: 'happy-path' })).toBeNull();
  });
});
