import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as StreamableHTTPClientTransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { postMcp } from '../helpers/mcp-http.ts';

/** Real SDK clients on /mcp/sessions: sessions in 2025-11-25, stateless serving in 2026-07-28. */

let server: RunningServer;
let endpoint: URL;
beforeAll(async () => {
  server = await serve({ port: 0 });
  endpoint = new URL(`${server.url}/mcp/sessions`);
});
afterAll(async () => {
  await server.close();
});

/** The HTTP exchanges a client made: method, status and session header, in order. */
function recordExchanges() {
  const exchanges: { method: string; status: number; sessionId: string | null }[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    exchanges.push({ method: init?.method ?? 'GET', status: response.status, sessionId: new Headers(init?.headers).get('mcp-session-id') });
    return response;
  };
  return { exchanges, recordingFetch };
}

describe('the v2 client in era 2025-11-25', () => {
  it('runs a whole session: initialize, GET stream, tools/list, tools/call with progress, DELETE', async () => {
    const { exchanges, recordingFetch } = recordExchanges();
    const client = new Client({ name: 'sessions-test', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
    const transport = new StreamableHTTPClientTransport(endpoint, { fetch: recordingFetch });
    await client.connect(transport);
    const sessionId = transport.sessionId;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);

    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['add_numbers']);
    const messages: string[] = [];
    const result = await client.callTool(
      { name: 'add_numbers', arguments: { a: 5, b: 7 } },
      { onprogress: (progress) => messages.push(progress.message ?? '') },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'Result: 12' }]);
    expect(messages).toHaveLength(3);
    await expect.poll(() => exchanges.some((exchange) => exchange.method === 'GET' && exchange.status === 200)).toBe(true);

    await transport.terminateSession();
    await client.close();
    expect(exchanges.find((exchange) => exchange.method === 'DELETE')).toEqual({ method: 'DELETE', status: 200, sessionId });
    expect(
      exchanges
        .filter((exchange) => exchange.method === 'POST')
        .slice(1)
        .every((exchange) => exchange.sessionId === sessionId),
    ).toBe(true);
    const afterwards = await postMcp(endpoint.href, { jsonrpc: '2.0', id: 9, method: 'tools/list' }, { 'mcp-session-id': sessionId! });
    expect(afterwards.status).toBe(404);
  });
});

describe('the v2 client in era 2026-07-28', () => {
  it('is served statelessly: no session id, no GET stream, the same tools', async () => {
    const { exchanges, recordingFetch } = recordExchanges();
    const client = new Client({ name: 'sessions-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    const transport = new StreamableHTTPClientTransport(endpoint, { fetch: recordingFetch });
    await client.connect(transport);
    const result = await client.callTool({ name: 'add_numbers', arguments: { a: 5, b: 7 } });
    expect(result.content).toEqual([{ type: 'text', text: 'Result: 12' }]);
    expect(transport.sessionId).toBeUndefined();
    expect(exchanges.every((exchange) => exchange.method === 'POST' && exchange.status === 200)).toBe(true);
    await client.close();
  });
});

describe('the v1 client', () => {
  it('gets a session and adds 5 and 7 in it', async () => {
    const client = new ClientV1({ name: 'sessions-test-v1', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransportV1(endpoint);
    await client.connect(transport);
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const result = await client.callTool({ name: 'add_numbers', arguments: { a: 5, b: 7 } });
    expect(result.content).toEqual([{ type: 'text', text: 'Result: 12' }]);
    await transport.terminateSession();
    await client.close();
  });
});
