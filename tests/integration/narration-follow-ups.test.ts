import { beforeAll, describe, expect, it } from 'vitest';
import { labelToolCalls } from '../../src/content/call-labels.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { describeSessionNotFound } from '../../src/content/session-notices.ts';
import { isServerInstrumentation } from '../../src/content/server-instrumentation.ts';
import { findLegacyFunctionsLink } from '../../src/content/legacy-functions-link.ts';
import { measureStepTimes } from '../../src/content/step-times.ts';
import { createMockRun, waitForNextGate, createScenarioRun } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The narration's follow-ups (issue 17) read from real runs: the built-in server and the
 * mock model over HTTP, one scenario each; what the words say must be what the trace holds.
 */

const server = useServer();
const traces = new Map<string, Trace>();

beforeAll(async () => {
  for (const scenarioId of ['happy-path', 'parallel-calls', 'round-cap', 'sessions'])
    traces.set(scenarioId, await createScenarioRun({ serverUrl: server.url, scenarioId }).start());
  traces.set('round-cap at 1', await createScenarioRun({ serverUrl: server.url, scenarioId: 'round-cap', maxToolRounds: 1 }).start());
}, 60_000);

describe('parallel calls: each step says which call it is for', () => {
  it('labels steps 11 to 17 of each call with its own tool and arguments, as sent', () => {
    const trace = traces.get('parallel-calls')!;
    const labels = labelToolCalls({ steps: trace.steps });
    const labelled = trace.steps.flatMap((step, index) => (labels[index] ? [`${step.canonical} ${labels[index]}`] : []));
    const calls = trace.steps.filter((step) => step.id === 'mcp.tools-call.request').map((step) => JSON.parse(step.http!.requestBody!).params);
    expect(calls.map((call) => call.name)).toEqual(['add_numbers', 'multiply_numbers']);
    const expected = calls.flatMap((call) => {
      const label = `${call.name}(${Object.entries(call.arguments)
        .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
        .join(', ')})`;
      return [11, 12, 13, 14, 15, 16, 17].map((canonical) => `${canonical} ${label}`);
    });
    expect(labelled).toEqual(expected);
    // Live, the first call's request is labelled before the second call exists in the trace.
    const first = trace.steps.findIndex((step) => step.id === 'mcp.tools-call.request');
    expect(labelToolCalls({ steps: trace.steps.slice(0, first + 1) }).at(-1)).toBe(expected[1]!.slice(3));
  });

  it('leaves a round with one call unlabelled', () => {
    const trace = traces.get('happy-path')!;
    expect(labelToolCalls({ steps: trace.steps }).every((label) => label === null)).toBe(true);
  });
});

describe('the round cap: the reply that hit it is recorded', () => {
  for (const [name, cap] of [
    ['round-cap', 3],
    ['round-cap at 1', 1],
  ] as const) {
    it(`${name}: the reply after ${cap} rounds is a step of round ${cap + 1}, and the fault names it`, () => {
      const trace = traces.get(name)!;
      expect(trace.status).toBe('failed');
      const [capped, fault] = trace.steps.slice(-2);
      expect(capped!.id).toBe('provider.response.tool-calls');
      expect(capped!.iteration).toBe(cap + 1);
      expect(capped!.title).toContain('the reply that hit the round cap');
      // What the model asked for in that reply, read from its own body on the wire.
      const called = JSON.parse(capped!.http!.responseBody!).choices[0].message.tool_calls.map((call: { function: { name: string } }) => call.function.name);
      expect(called.length).toBeGreaterThan(0);
      for (const tool of called) expect(capped!.note).toContain(`${tool}(`);
      expect(capped!.note).toContain(`past the cap of ${cap} tool rounds`);
      expect(fault!.id).toBe('host.fault');
      expect(fault!.fault!.what).toContain(`after ${cap} rounds`);
      expect(fault!.fault!.what).toContain(`step #${capped!.n}`);
      // No tools/call went out for the capped reply.
      expect(
        trace.steps
          .filter((step) => step.id === 'mcp.tools-call.request')
          .map((step) => step.iteration)
          .at(-1),
      ).toBe(cap);
    });
  }
});

describe('the learner’s idle time is not step time', () => {
  it('a run held at every gate for 300 ms records the holds apart from each step’s own time', async () => {
    const holdMs = 300;
    const run = createMockRun(server.url);
    let gates = 0;
    const paused = waitForNextGate(run);
    const finished = run.start();
    await paused;
    while (run.trace.status === 'running' && run.pending) {
      await new Promise((resolve) => setTimeout(resolve, holdMs));
      const next = waitForNextGate(run);
      run.release();
      gates++;
      await next;
    }
    const trace = await finished;
    expect(trace.status).toBe('complete');
    const times = measureStepTimes({ steps: trace.steps });
    const last = trace.steps.at(-1)!;
    // Every hold is counted as the learner's, none as a step's.
    expect(last.learnerWaitMs).toBeGreaterThanOrEqual(gates * holdMs - gates * 5);
    expect(times.reduce((sum, time) => sum + time.waitedMs, 0)).toBe(last.learnerWaitMs);
    expect(times.at(-1)!.runMs).toBe(last.at - last.learnerWaitMs!);
    // Translation #1 is the host's own work, appended the moment its gate opens: it waited, it took next to nothing.
    const translate = trace.steps.findIndex((step) => step.id === 'host.translate-tools');
    expect(times[translate]!.waitedMs).toBeGreaterThanOrEqual(holdMs - 5);
    expect(times[translate]!.ownMs).toBeLessThan(holdMs / 2);
    expect(times.every((time) => time.ownMs >= 0 && time.waitedMs >= 0)).toBe(true);
  }, 60_000);

  it('a run nobody held records no wait at all', () => {
    expect(traces.get('happy-path')!.steps.every((step) => step.learnerWaitMs === undefined)).toBe(true);
  });
});

describe('the sessions scenario announces every 404 it shows', () => {
  it('each step whose exchange is a 404 for a session says so, naming that session', () => {
    const trace = traces.get('sessions')!;
    const shown = trace.steps.filter((step) => step.http?.status === 404);
    // tools/call and its 404, then the DELETE and its 404.
    expect(shown.map((step) => step.id)).toEqual(['mcp.tools-call.request', 'mcp.session.expired', 'mcp.session.delete', 'mcp.session.expired']);
    for (const step of shown) {
      const notice = describeSessionNotFound({ step });
      expect(notice).toMatch(/^404: the session /);
      expect(notice).toContain(step.http!.requestHeaders['mcp-session-id']!.slice(0, 8));
    }
    expect(describeSessionNotFound({ step: shown[2] })).toContain('already gone');
    expect(describeSessionNotFound({ step: shown[1] })).toContain('start a new session');
    // The same tools/call sent again in the new session is a 200, and nothing is said.
    const retried = trace.steps.filter((step) => step.id === 'mcp.tools-call.request')[1]!;
    expect(retried.http!.status).toBe(200);
    expect(describeSessionNotFound({ step: retried })).toBeNull();
    expect(trace.steps.filter((step) => describeSessionNotFound({ step }) !== null)).toHaveLength(4);
  });
});

describe('the server’s own reports are labelled as this teaching server’s instrumentation', () => {
  it('exactly steps 4, 13, 14 and 15 of a real run, each a progress notification from the server', () => {
    const trace = traces.get('happy-path')!;
    const labelled = trace.steps.filter((step) => isServerInstrumentation(step.id));
    expect(labelled.map((step) => step.canonical)).toEqual([4, 13, 14, 15]);
    for (const step of labelled) {
      expect(step.from).toBe('server');
      expect(step.payload).toMatchObject({ method: 'notifications/progress' });
    }
    // No other step is a report of the server's inside work.
    expect(trace.steps.filter((step) => !isServerInstrumentation(step.id)).some((step) => [4, 13, 14, 15].includes(step.canonical ?? 0))).toBe(false);
  });
});

describe('the article’s function_call example is linked to the legacy functions format', () => {
  it('is offered at steps 9 and 10 of a run in another format, and not in the legacy format itself', () => {
    const trace = traces.get('happy-path')!;
    const offered = trace.steps.filter((step) => findLegacyFunctionsLink({ stepId: step.id, wire: trace.model.wire }) !== null);
    expect(offered.map((step) => step.canonical)).toEqual([9, 10]);
    expect(trace.steps.some((step) => findLegacyFunctionsLink({ stepId: step.id, wire: 'openai-functions' }) !== null)).toBe(false);
  });
});
