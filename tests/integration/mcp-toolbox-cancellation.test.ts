import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { addNumbers } from '../../server/mcp/tools-by-endpoint.ts';
import { observeCountSlowly, type CountJournal } from '../helpers/observe-count-slowly.ts';

/**
 * Cancelling count_slowly by dropping the connection, over real HTTP: in 2026-07-28
 * that is how a client cancels, and the server aborts the handler's signal; in
 * 2025-11-25 stateless serving a closed stream cannot be resumed, so it stops the tool
 * too. notifications/cancelled, from three SDK clients, is in mcp-cancel-notification.test.ts.
 */

const INTERVAL_MS = 100;
/** What the handler did: the counts it reached and whether it ended cancelled. */
let journal: CountJournal;
const observedCounting = observeCountSlowly({ intervalMs: INTERVAL_MS, startJournal: () => journal });

let server: RunningServer;
let client: Client | undefined;
beforeAll(async () => {
  server = await serve({ port: 0, toolboxTools: [addNumbers, observedCounting] });
});
beforeEach(() => {
  journal = { counts: [] };
});
afterEach(async () => {
  await client?.close();
  client = undefined;
});
afterAll(async () => {
  await server.close();
});

const wait = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const callBody = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'count_slowly', arguments: { to: 10 }, _meta: { progressToken: 'p' } },
});
const legacyHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

describe('cancelling count_slowly', () => {
  it('in 2026-07-28, aborting the call stops the tool where it was', async () => {
    client = new Client({ name: 'cancel-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/toolbox`)));
    const controller = new AbortController();
    const call = client.callTool(
      { name: 'count_slowly', arguments: { to: 10 } },
      { signal: controller.signal, onprogress: (progress) => progress.message === 'Counted 2 of 10' && controller.abort() },
    );
    await expect(call).rejects.toThrow(/abort/i);
    await wait(INTERVAL_MS * 4);
    expect(journal.ended).toBe('cancelled');
    expect(journal.counts.length).toBeLessThan(4);
  });

  it('in 2025-11-25, closing the response stream stops the tool', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.url}/mcp/toolbox`, { method: 'POST', headers: legacyHeaders, body: callBody, signal: controller.signal });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('Counted 2 of 10')) received += decoder.decode((await reader.read()).value);
    controller.abort();
    await wait(INTERVAL_MS * 4);
    expect(journal.ended).toBe('cancelled');
    expect(journal.counts.length).toBeLessThan(4);
  });
});
