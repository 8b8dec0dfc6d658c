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
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    changes += 1;
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp/toolbox`), { fetch: fetchAsRun(traceId) }));
  const subscription = await client.listen({ toolsListChanged: true });
  return { client, subscription, changes: () => changes };
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
