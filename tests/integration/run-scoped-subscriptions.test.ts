import { Client, StreamableHTTPClientTransport, type FetchLike } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';

/**
 * The toolbox's unlocked tool is one run's (tests/integration/run-scoped-notes.test.ts),
 * so in 2026-07-28 the list_changed its unlock publishes goes to that run's
 * subscriptions/listen streams only. Two clients, each a run (each request carries its
 * run's traceparent, as the host's do), each open a subscription and unlock the tool.
 * Closing the server ends both streams the graceful way, after whatever they carried:
 * only then are the changes each client heard counted, so none can still be on its way.
 */

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A fetch that puts the run's traceparent in every message's _meta, as the host's add-trace-context does. */
function fetchAsRun(traceId: string): FetchLike {
  return (url, init) => {
    if (typeof init?.body !== 'string') return fetch(url, init);
    const message: unknown = JSON.parse(init.body);
    if (typeof message !== 'object' || message === null || !('method' in message)) return fetch(url, init);
    const params = 'params' in message && typeof message.params === 'object' && message.params !== null ? message.params : {};
    const meta = '_meta' in params && typeof params._meta === 'object' ? params._meta : {};
    const traced = { ...message, params: { ...params, _meta: { ...meta, traceparent: `00-${traceId}-00f067aa0ba902b7-01` } } };
    return fetch(url, { ...init, body: JSON.stringify(traced) });
  };
}

async function openRun(url: string, traceId: string) {
  const client = new Client({ name: 'run-subscription-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  let changes = 0;
  let heard: () => void = () => {};
  const firstChange = new Promise<void>((resolve) => {
    heard = resolve;
  });
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    changes += 1;
    heard();
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp/toolbox`), { fetch: fetchAsRun(traceId) }));
  const subscription = await client.listen({ toolsListChanged: true });
  return { client, subscription, changes: () => changes, firstChange };
}

/** A run's trace id: 32 hex digits, this run's number (from 1: an id of zeros is no trace id) in the last of them. */
function traceIdOf(run: number): string {
  return (run + 1).toString(16).padStart(32, '0');
}

describe('the list_changed of the toolbox’s unlock, in 2026-07-28', () => {
  it('reaches the subscriptions of the run that unlocked the tool, and no other run’s', async () => {
    server = await serve({ port: 0 });
    const mine = await openRun(server.url, '4bf92f3577b34da6a3ce929d0e0e4736');
    const theirs = await openRun(server.url, '0af7651916cd43dd8448eb211c80319c');
    await mine.client.callTool({ name: 'unlock_temperature_tool', arguments: {} });
    await theirs.client.callTool({ name: 'unlock_temperature_tool', arguments: {} });
    await server.close();
    server = undefined;
    expect(await Promise.all([mine.subscription.closed, theirs.subscription.closed])).toEqual(['graceful', 'graceful']);
    expect([mine.changes(), theirs.changes()]).toEqual([1, 1]);
    await Promise.all([mine.client.close(), theirs.client.close()]);
  });
});

describe('the toolbox’s per-run subscription buses', () => {
  // server/http/run-subscriptions.ts keeps a bus per run, at most MAX_RUNS (250) at once.
  const RUNS = 251;

  it('keep 250 runs at once: the 251st run’s listen ends the oldest run’s stream, and the newest runs’ streams stay open', { timeout: 60_000 }, async () => {
    server = await serve({ port: 0 });
    const url = server.url;
    const runs = [];
    // One at a time, so the first run is the oldest bus, as the server counts them.
    for (let run = 0; run < RUNS; run += 1) runs.push(await openRun(url, traceIdOf(run)));
    const [oldest, second] = runs;
    const newest = runs.at(-1);
    if (!oldest || !second || !newest) throw new Error('the runs were not opened');
    // The server ended it, the graceful way: without the bound this never settles (the test's timeout says so).
    expect(await oldest.subscription.closed).toBe('graceful');
    // The second oldest and the newest still hear their own run's change: their streams were kept.
    await Promise.all([second, newest].map((run) => run.client.callTool({ name: 'unlock_temperature_tool', arguments: {} })));
    await Promise.all([second.firstChange, newest.firstChange]);
    await server.close();
    server = undefined;
    expect([oldest.changes(), second.changes(), newest.changes()]).toEqual([0, 1, 1]);
    await Promise.all(runs.map((run) => run.client.close()));
  });
});
