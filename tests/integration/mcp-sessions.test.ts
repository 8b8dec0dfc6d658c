import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { INITIALIZE, INITIALIZED, LEGACY_HEADERS, openGetStream, postMcp, startSession } from '../helpers/mcp-http.ts';

/**
 * /mcp/sessions over raw HTTP through serve.ts: the 2025-11-25 session lifecycle
 * (Mcp-Session-Id, the GET stream, DELETE, 404 for an ended session) and the
 * teaching knob ?expire-after=N.
 */

let server: RunningServer;
let endpoint: string;
beforeAll(async () => {
  server = await serve({ port: 0 });
  endpoint = `${server.url}/mcp/sessions`;
});
afterAll(async () => {
  await server.close();
});

const toolsList = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list', params: {} });
const addition = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });

describe('initialize', () => {
  it('creates a session and names it in Mcp-Session-Id', async () => {
    const answer = await postMcp(endpoint, INITIALIZE);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('mcp-session-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.messages[0]!.result).toMatchObject({ protocolVersion: '2025-11-25', capabilities: { tools: {} } });
  });

  it('gives each session its own id', async () => {
    expect(await startSession(endpoint)).not.toBe(await startSession(endpoint));
  });
});

describe('requests in a session', () => {
  it('are answered when they carry the session id, add_numbers alone in the registry', async () => {
    const sessionId = await startSession(endpoint);
    const listed = await postMcp(endpoint, toolsList(1), { 'mcp-session-id': sessionId });
    expect((listed.messages[0]!.result!.tools as { name: string }[]).map((tool) => tool.name)).toEqual(['add_numbers']);
    const added = await postMcp(endpoint, addition(2), { 'mcp-session-id': sessionId });
    expect(added.messages.at(-1)!.result).toEqual({ content: [{ type: 'text', text: 'Result: 12' }] });
  });

  it('get 400 without a session id, except initialize', async () => {
    const answer = await postMcp(endpoint, toolsList(1));
    expect(answer.status).toBe(400);
    expect(answer.messages[0]!.error!.message).toContain('Mcp-Session-Id header is required');
  });

  it('get 404 with an id the server does not know', async () => {
    const answer = await postMcp(endpoint, toolsList(1), { 'mcp-session-id': 'no-such-session' });
    expect(answer.status).toBe(404);
    expect(answer.messages[0]!.error).toMatchObject({ code: -32001, message: expect.stringContaining('Send initialize again') });
  });
});

describe('the GET stream', () => {
  it('opens at once (200, text/event-stream) and stays open', async () => {
    const sessionId = await startSession(endpoint);
    const stream = await openGetStream(endpoint, { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' });
    expect(stream.response.statusCode).toBe(200);
    expect(stream.response.headers['content-type']).toBe('text/event-stream');
    expect(stream.response.headers['mcp-session-id']).toBe(sessionId);
    expect(stream.headersAfterMs).toBeLessThan(1_000);
    const endedEarly = await Promise.race([stream.ended.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 300))]);
    expect(endedEarly).toBe(false);
    stream.close();
  });

  it('is refused without a session id (400) and for an unknown one (404)', async () => {
    expect((await fetch(endpoint, { headers: { accept: 'text/event-stream' } })).status).toBe(400);
    expect((await fetch(endpoint, { headers: { accept: 'text/event-stream', 'mcp-session-id': 'gone' } })).status).toBe(404);
  });
});

describe('DELETE', () => {
  it('ends the session with 200, closes its GET stream, and the same id then gets 404', async () => {
    const sessionId = await startSession(endpoint);
    const stream = await openGetStream(endpoint, { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' });
    const deleted = await fetch(endpoint, { method: 'DELETE', headers: { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' } });
    expect(deleted.status).toBe(200);
    await stream.ended;
    expect((await postMcp(endpoint, toolsList(1), { 'mcp-session-id': sessionId })).status).toBe(404);
    expect((await fetch(endpoint, { method: 'DELETE', headers: { 'mcp-session-id': sessionId } })).status).toBe(404);
  });
});

describe('?expire-after=N', () => {
  it('forgets the session after it has answered N requests: the next one gets 404', async () => {
    const url = `${endpoint}?expire-after=2`;
    const sessionId = await startSession(url);
    expect((await postMcp(url, toolsList(1), { 'mcp-session-id': sessionId })).status).toBe(200);
    const second = await postMcp(url, addition(2), { 'mcp-session-id': sessionId });
    expect(second.status).toBe(200);
    expect(second.messages.at(-1)!.result).toEqual({ content: [{ type: 'text', text: 'Result: 12' }] });
    const third = await postMcp(url, toolsList(3), { 'mcp-session-id': sessionId });
    expect(third.status).toBe(404);
  });

  it('counts neither initialize nor notifications', async () => {
    const url = `${endpoint}?expire-after=1`;
    const sessionId = await startSession(url);
    expect((await postMcp(url, INITIALIZED, { 'mcp-session-id': sessionId })).status).toBe(202);
    expect((await postMcp(url, toolsList(1), { 'mcp-session-id': sessionId })).status).toBe(200);
    expect((await postMcp(url, toolsList(2), { 'mcp-session-id': sessionId })).status).toBe(404);
  });

  it.each(['0', 'two', '1.5', '1001'])('refuses expire-after=%s with 400 and says why', async (value) => {
    const answer = await postMcp(`${endpoint}?expire-after=${value}`, INITIALIZE);
    expect(answer.status).toBe(400);
    expect(answer.messages[0]!.error!.message).toContain('expire-after must be a whole number from 1 to 1000');
  });
});

describe('the other endpoints stay stateless', () => {
  it.each(['/mcp', '/mcp/toolbox'])('%s answers initialize without a session id and a GET with 405', async (path) => {
    const answer = await postMcp(`${server.url}${path}`, INITIALIZE);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('mcp-session-id')).toBeNull();
    expect((await fetch(`${server.url}${path}`, { headers: { ...LEGACY_HEADERS, accept: 'text/event-stream' } })).status).toBe(405);
  });
});
