import { describe, expect, it } from 'vitest';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The static site's server may still be installing when the learner starts: the run shows the
 * question and the host's first step at once, sends nothing until the server is ready, and the
 * wait is not counted in any exchange.
 */

const server = useServer();

describe('a run whose server is not ready yet', () => {
  it('records its host steps first, sends nothing until ready, then runs the whole lifecycle', async () => {
    let markReady!: () => void;
    const serverReady = new Promise<void>((resolve) => (markReady = resolve));
    let firstSentAt: number | undefined;
    const sendingFetch: typeof fetch = (input, init) => {
      firstSentAt ??= Date.now();
      return fetch(input, init);
    };
    const run = createMockRun(server.url, { autoRelease: true, serverReady, fetch: sendingFetch });
    const finished = run.start();
    await expect.poll(() => run.trace.steps.map((step) => step.id), { timeout: 5_000 }).toContain('host.start-discovery');
    // Given time, nothing more happens: no message leaves before the server is ready.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(run.trace.steps.map((step) => step.id)).toEqual(['user.question', 'host.start-discovery']);
    const readyAt = Date.now();
    markReady();
    const trace = await finished;
    expect(trace.status).toBe('complete');
    // The first message left after the server was ready: the wait is in no exchange's time.
    expect(firstSentAt).toBeGreaterThanOrEqual(readyAt);
  });

  it('ends as an explained fault after the question when the server cannot start, keeping the steps before', async () => {
    const run = createMockRun(server.url, { autoRelease: true, serverReady: Promise.reject(new Error('The user denied permission to use Service Worker.')) });
    const trace = await run.start();
    expect(trace.status).toBe('failed');
    expect(trace.steps.slice(0, 2).map((step) => step.id)).toEqual(['user.question', 'host.start-discovery']);
    expect(trace.steps.some((step) => step.http)).toBe(false);
    const faulted = trace.steps.find((step) => step.fault);
    expect(faulted?.fault?.why).toContain('denied permission to use Service Worker');
  });
});
