import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src/mcp/recording-fetch.ts';
import type { RunEvent } from '../../src/lifecycle/trace-writer.ts';
import { createMockRun, releaseAndWait, waitForNextGate } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The host holds every outgoing message at a gate until the learner releases it.
 * The network is real; a counting wrapper around fetch shows what has left the host.
 */

const server = useServer();

function createCountingFetch(): { fetch: FetchLike; sent: { method: string; url: string; body: string | undefined }[] } {
  const sent: { method: string; url: string; body: string | undefined }[] = [];
  return {
    sent,
    fetch: (input, init) => {
      sent.push({ method: init?.method ?? 'GET', url: String(input), body: typeof init?.body === 'string' ? init.body : undefined });
      return globalThis.fetch(input, init);
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe.each(['2025-11-25', '2026-07-28'] as const)('a gated run in the %s era', (era) => {
  it('sends nothing until released, then one message per release, and completes', async () => {
    const counting = createCountingFetch();
    const run = createMockRun(server.url, { era, fetch: counting.fetch, autoRelease: false });
    const events: RunEvent[] = [];
    run.subscribe((event) => events.push(event));
    const firstGate = waitForNextGate(run);
    const finished = run.start();

    await firstGate;
    await settle();
    expect(run.pending).toMatchObject({ id: 'user.question', canonical: 1 });
    expect(run.trace.steps).toEqual([]);
    expect(counting.sent).toEqual([]);
    expect(run.trace.status).toBe('running');

    await releaseAndWait(run);
    expect(run.trace.steps.map((step) => step.id)).toEqual(['user.question']);
    expect(run.pending).toMatchObject({ id: 'host.start-discovery', canonical: 2 });
    expect(counting.sent).toEqual([]);

    await releaseAndWait(run);
    await settle();
    // The first MCP message is described at the gate but has not left the host.
    const firstMessage = era === '2025-11-25' ? 'initialize' : 'server/discover';
    expect(run.pending).toMatchObject({ payload: { method: firstMessage } });
    expect(counting.sent).toEqual([]);
    expect(run.trace.steps).toHaveLength(2);

    await releaseAndWait(run);
    expect(counting.sent.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(counting.sent[0]!.body!).method).toBe(firstMessage);

    // Every later POST also waits: count what was sent at each gate.
    let releases = 3;
    while (run.trace.status === 'running') {
      const sentBefore = counting.sent.filter((request) => request.method === 'POST').length;
      await settle();
      expect(counting.sent.filter((request) => request.method === 'POST').length).toBe(sentBefore);
      await releaseAndWait(run);
      releases++;
      if (releases > 60) throw new Error('The run did not finish after 60 releases.');
    }
    const trace = await finished;
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(trace.steps.filter((step) => step.canonical !== null).map((step) => step.canonical)).toEqual(
      Array.from({ length: 20 }, (_unused, index) => index + 1),
    );
    expect(run.release()).toBe(false);
    expect(events.filter((event) => event.type === 'waiting')).toHaveLength(releases);
    expect(events.filter((event) => event.type === 'released')).toHaveLength(releases);
  });
});

describe('release', () => {
  it('returns false when nothing is waiting', () => {
    const run = createMockRun(server.url, { autoRelease: false });
    expect(run.pending).toBeNull();
    expect(run.release()).toBe(false);
  });
});
