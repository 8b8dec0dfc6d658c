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
    expect(refused.messages[0]).toMatchObject({
      id: 0,
      error: { message: expect.stringContaining('Too many live sessions: this server keeps at most 2 at once') },
    });

    await fetch(endpoint, { method: 'DELETE', headers: streamHeaders(first) });
    expect((await postMcp(endpoint, INITIALIZE)).status).toBe(200);
  });
});

describe('one cap for the whole server', () => {
  /** An initialize that gets a session on each session endpoint: /mcp/toolbox gives one to a client that offers sampling. */
  const ENDPOINTS = [
    { path: '/mcp/sessions', initialize: INITIALIZE },
    { path: '/mcp/conformance', initialize: INITIALIZE },
    { path: '/mcp/toolbox', initialize: { ...INITIALIZE, params: { ...INITIALIZE.params, capabilities: { sampling: {} } } } },
  ];

  it('holds 250 live sessions across the session endpoints, refuses the next initialize with 503 on any of them, counts them all, and makes room after a DELETE', async () => {
    const app = createApp();
    const send = (path: string, init: { method: string; headers?: Record<string, string>; body?: unknown }) =>
      app.fetch(
        new Request(`http://localhost${path}`, {
          method: init.method,
          headers: { host: 'localhost', ...LEGACY_HEADERS, ...init.headers },
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        }),
      );
    try {
      const started: { path: string; sessionId: string }[] = [];
      for (let index = 0; index < 250; index += 1) {
        const { path, initialize } = ENDPOINTS[index % ENDPOINTS.length]!;
        const response = await send(path, { method: 'POST', body: initialize });
        expect(response.status).toBe(200);
        await response.body?.cancel();
        started.push({ path, sessionId: response.headers.get('mcp-session-id')! });
      }
      expect(app.countSessions()).toBe(250);

      for (const { path, initialize } of ENDPOINTS) {
        const refused = await send(path, { method: 'POST', body: initialize });
        expect(refused.status).toBe(503);
        expect(await refused.json()).toMatchObject({
          jsonrpc: '2.0',
          id: 0,
          error: { code: -32000, message: expect.stringContaining('Too many live sessions: this server keeps at most 250 at once') },
        });
      }

      // A session ended on one endpoint makes room on another.
      const ended = started.find((session) => session.path === '/mcp/conformance')!;
      expect((await send(ended.path, { method: 'DELETE', headers: { 'mcp-session-id': ended.sessionId } })).status).toBe(200);
      expect(app.countSessions()).toBe(249);
      const admitted = await send('/mcp/sessions', { method: 'POST', body: INITIALIZE });
      expect(admitted.status).toBe(200);
      await admitted.body?.cancel();
      expect(app.countSessions()).toBe(250);
    } finally {
      await app.close();
    }
  }, 60_000);
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
