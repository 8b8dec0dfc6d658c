import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers/use-server.ts';
import { startSession } from '../helpers/mcp-http.ts';

/**
 * A GET or DELETE in the 2026-07-28 era, where there are no sessions, no GET stream
 * and no DELETE: /mcp/sessions answers it as /mcp does (405, Allow: POST), not with a
 * 2025-era complaint about a missing session id. Its 2025-era sessions are untouched.
 */

const server = useServer();
const perRequestHeaders = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28' };

async function answer(path: string, method: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { method, headers: { ...perRequestHeaders, ...headers } });
  return { status: response.status, allow: response.headers.get('allow'), body: (await response.json()) as unknown };
}

describe('a 2026-07-28 GET or DELETE', () => {
  it.each(['GET', 'DELETE'])('%s on /mcp/sessions gets what /mcp answers: 405, Allow: POST and the same JSON-RPC error', async (method) => {
    const onMcp = await answer('/mcp', method);
    expect(onMcp).toEqual({ status: 405, allow: 'POST', body: { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null } });
    expect(await answer('/mcp/sessions', method)).toEqual(onMcp);
  });

  it('gets 405 even when it names a live 2025-era session, and the session lives on', async () => {
    const sessionId = await startSession(`${server.url}/mcp/sessions`);
    expect((await answer('/mcp/sessions', 'DELETE', { 'mcp-session-id': sessionId })).status).toBe(405);
    const stream = await fetch(`${server.url}/mcp/sessions`, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
    });
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
    const ended = await fetch(`${server.url}/mcp/sessions`, {
      method: 'DELETE',
      headers: { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' },
    });
    expect(ended.status).toBe(200);
  });

  it('is told apart from a 2025-era GET without a session id, which still hears what is missing', async () => {
    const legacy = await answer('/mcp/sessions', 'GET', { 'mcp-protocol-version': '2025-11-25' });
    expect(legacy.status).toBe(400);
    expect(JSON.stringify(legacy.body)).toContain('Mcp-Session-Id header is required');
  });
});
