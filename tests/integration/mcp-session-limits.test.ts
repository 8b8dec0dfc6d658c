import { afterEach, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { createApp } from '../../server/http/create-app.ts';
import { INITIALIZE, LEGACY_HEADERS, openGetStream, postMcp, startSession } from '../helpers/mcp-http.ts';

/** Sessions live in memory, so the server caps them, expires idle ones and closes them all when it stops. */

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const toolsList = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
const streamHeaders = (sessionId: string) => ({ 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' });

describe('the session cap', () => {
  it('answers one initialize too many with 503 and a JSON-RPC error saying why, and makes room after a DELETE', async () => {
    server = await serve({ port: 0, maxSessions: 2 });
    const endpoint = `${server.url}/mcp/sessions`;
    const first = await startSession(endpoint);
    await startSession(endpoint);

    const refused = await postMcp(endpoint, INITIALIZE);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(refused.messages[0]).toMatchObject({ id: 0, error: { message: expect.stringContaining('Too many live sessions: this server keeps at most 2 at once') } });

    await fetch(endpoint, { method: 'DELETE', headers: streamHeaders(first) });
    expect((await postMcp(endpoint, INITIALIZE)).status).toBe(200);
  });
});

describe('idle sessions', () => {
  it('are closed after the idle timeout: the GET stream ends and the id gets 404', async () => {
    server = await serve({ port: 0, sessionIdleTimeoutMs: 300 });
    const endpoint = `${server.url}/mcp/sessions`;
    const sessionId = await startSession(endpoint);
    const stream = await openGetStream(endpoint, streamHeaders(sessionId));
    await stream.ended;
    expect((await postMcp(endpoint, toolsList, { 'mcp-session-id': sessionId })).status).toBe(404);
  });

  it('stay alive while requests keep coming', async () => {
    server = await serve({ port: 0, sessionIdleTimeoutMs: 400 });
    const endpoint = `${server.url}/mcp/sessions`;
    const sessionId = await startSession(endpoint);
    for (let round = 0; round < 4; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await postMcp(endpoint, toolsList, { 'mcp-session-id': sessionId })).status).toBe(200);
    }
  });
});

describe('closing the app', () => {
  it('closes every session and ends its GET stream (web-standard app, no socket involved)', async () => {
    const app = createApp();
    const call = (init: RequestInit & { headers?: Record<string, string> }) =>
      app.fetch(new Request('http://localhost/mcp/sessions', { ...init, headers: { host: 'localhost', ...init.headers } }));
    const initialized = await call({ method: 'POST', headers: LEGACY_HEADERS, body: JSON.stringify(INITIALIZE) });
    const sessionId = initialized.headers.get('mcp-session-id')!;
    const stream = await call({ method: 'GET', headers: { accept: 'text/event-stream', ...streamHeaders(sessionId) } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^: stream open/);

    await app.close();
    expect((await reader.read()).done).toBe(true);
    expect((await call({ method: 'POST', headers: { ...LEGACY_HEADERS, 'mcp-session-id': sessionId }, body: JSON.stringify(toolsList) })).status).toBe(404);
  });
});
