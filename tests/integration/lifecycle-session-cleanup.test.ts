import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import type { LifecycleRun } from '../../src/lifecycle/engine.ts';
import type { Trace } from '../../src/trace/trace.ts';
import { MOCK_BASE_PATH, MOCK_MODEL, createMockRun } from '../helpers/create-mock-run.ts';

/**
 * A run that ends before its own last step (a failure, a stop, a reset) still ends its
 * session: the server's session count on /mcp/sessions is back where it started once the
 * run has finished, not after the idle timeout, and the DELETE is a step of its own.
 */

let server: RunningServer;
let sessionsUrl: string;
beforeAll(async () => {
  server = await serve({ port: 0 });
  sessionsUrl = `${server.url}/mcp/sessions`;
});
afterAll(async () => {
  await server.close();
});

/** The DELETE steps of a trace, with the status each got. */
function listDeletes(trace: Trace) {
  return trace.steps.filter((step) => step.id === 'mcp.session.delete').map((step) => ({ title: step.title, status: step.http?.status }));
}

/** Releases every gate until the pending message is a tools/call, then resets the run there. */
function abortAtToolCall(run: LifecycleRun): void {
  const unsubscribe = run.subscribe((event) => {
    if (event.type !== 'waiting') return;
    const payload: unknown = event.pending.payload;
    if (typeof payload === 'object' && payload !== null && 'method' in payload && payload.method === 'tools/call') {
      unsubscribe();
      run.abort();
      return;
    }
    queueMicrotask(() => run.release());
  });
}

describe('the session a run leaves behind', () => {
  it('is ended after a failure, with a DELETE step after the fault', async () => {
    const before = server.countSessions();
    // The provider's address answers 404: the run fails after the session was opened and the tools listed.
    const run = createMockRun(server.url, {
      mcpUrl: sessionsUrl,
      autoRelease: true,
      provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${server.url}/mock/no-such-wire/v1`, model: MOCK_MODEL },
    });
    const trace = await run.start();
    expect(trace.status).toBe('failed');
    expect(trace.steps.map((step) => step.id).slice(-2)).toEqual(['host.fault', 'mcp.session.delete']);
    expect(listDeletes(trace)).toEqual([{ title: expect.stringContaining('after the failure'), status: 200 }]);
    expect(server.countSessions()).toBe(before);
  });

  it('is ended after a stop the model named (refused), by the run’s own DELETE', async () => {
    const before = server.countSessions();
    const run = createMockRun(server.url, {
      mcpUrl: sessionsUrl,
      autoRelease: true,
      provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${server.url}${MOCK_BASE_PATH}`, model: 'mock-model-refusing' },
    });
    const trace = await run.start();
    expect(trace.status).toBe('refused');
    expect(listDeletes(trace)).toEqual([{ title: expect.stringMatching(/^Client ends the session \(DELETE\)/), status: 200 }]);
    expect(server.countSessions()).toBe(before);
  });

  it('is ended after the learner resets the run at a gate, without waiting at another', async () => {
    const before = server.countSessions();
    const run = createMockRun(server.url, { mcpUrl: sessionsUrl, autoRelease: false });
    abortAtToolCall(run);
    const trace = await run.start();
    expect(trace.status).toBe('aborted');
    expect(trace.steps.some((step) => step.id === 'mcp.tools-call.request')).toBe(false);
    expect(listDeletes(trace)).toEqual([{ title: expect.stringContaining('after the run was stopped'), status: 200 }]);
    expect(server.countSessions()).toBe(before);
  });
});
