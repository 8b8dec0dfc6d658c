import { describe, expect, it } from 'vitest';
import type { LifecycleRun } from '../../src/lifecycle/engine.ts';
import { createMockRun, MOCK_BASE_PATH } from '../helpers/create-mock-run.ts';
import { startHttpServer, type TestServer } from '../helpers/start-http-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * When a learner is stepping, a failed or cancelled model call does not end the run:
 * it becomes a step that explains, and the same request can be sent again.
 */

const app = useServer();

/** A model endpoint in front of the real mock that misbehaves on its first request only. */
async function startFlakyModel(firstAnswer: 'error-500' | 'hang'): Promise<TestServer> {
  let calls = 0;
  return startHttpServer(async (request, response, body) => {
    calls++;
    if (calls === 1 && firstAnswer === 'error-500') {
      response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'The model is overloaded' } }));
      return;
    }
    if (calls === 1 && firstAnswer === 'hang') return;
    const upstream = await fetch(`${app.url}${MOCK_BASE_PATH}${request.url?.replace(/^\/v1/, '')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    response.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text());
  });
}

/** Releases every gate until the predicate holds for the last step (or the run ends). */
async function releaseUntil(run: LifecycleRun, predicate: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 400 && !predicate(); attempt++) {
    if (run.trace.status !== 'running') return;
    run.release();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a failed model call while stepping', () => {
  it('becomes a retryable step, and Next sends the same request again', async () => {
    const model = await startFlakyModel('error-500');
    try {
      const run = createMockRun(app.url, { provider: { wire: 'openai-chat', kind: 'real', baseUrl: `${model.url}/v1`, model: 'flaky' } });
      const finished = run.start();
      await releaseUntil(run, () => run.trace.steps.at(-1)?.id === 'host.fault');
      const fault = run.trace.steps.at(-1)!;
      expect(fault.fault).toMatchObject({ retryable: true });
      expect(fault.fault?.what).toContain('HTTP 500');
      expect(fault.fault?.what).toContain('The model is overloaded');
      expect(run.trace.status).toBe('running');
      await expect.poll(() => run.pending?.title).toBe('Send the same request to the model again');

      await releaseUntil(run, () => run.trace.status !== 'running');
      const trace = await finished;
      expect(trace.status).toBe('complete');
      expect(trace.answer).toBe('5 plus 7 is 12.');
      expect(model.received.filter((request) => request.method === 'POST')).toHaveLength(3);
      expect(trace.steps.filter((step) => step.id === 'provider.request')).toHaveLength(2);
    } finally {
      await model.close();
    }
  });

  it('can be cancelled while on the wire, and sent again', async () => {
    const model = await startFlakyModel('hang');
    try {
      const run = createMockRun(app.url, { provider: { wire: 'openai-chat', kind: 'real', baseUrl: `${model.url}/v1`, model: 'slow' } });
      let inFlight = false;
      run.subscribe((event) => {
        if (event.type === 'provider-request') inFlight = event.inFlight;
      });
      const finished = run.start();
      await releaseUntil(run, () => inFlight);
      expect(run.cancelProviderRequest()).toBe(true);
      await expect.poll(() => run.trace.steps.at(-1)?.fault?.what).toBe('You cancelled the request to the model.');
      expect(run.trace.status).toBe('running');
      expect(inFlight).toBe(false);
      await releaseUntil(run, () => run.trace.status !== 'running');
      expect((await finished).answer).toBe('5 plus 7 is 12.');
    } finally {
      await model.close();
    }
  });

  it('ends the run when nobody is stepping (the CLI)', async () => {
    const model = await startFlakyModel('error-500');
    try {
      const trace = await createMockRun(app.url, {
        autoRelease: true,
        provider: { wire: 'openai-chat', kind: 'real', baseUrl: `${model.url}/v1`, model: 'flaky' },
      }).start();
      expect(trace.status).toBe('failed');
      expect(trace.steps.at(-1)?.fault?.retryable).toBeUndefined();
    } finally {
      await model.close();
    }
  });
});
