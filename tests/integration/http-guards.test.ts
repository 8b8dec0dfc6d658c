import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { sendHttpRequest } from '../helpers/send-http-request.ts';

/** The Host and Origin checks (DNS rebinding), CORS, and the answers for unknown paths, over real HTTP. */

let server: RunningServer;
/** Pages on other ports, admitted as --allow-origin admits them. */
const ADMITTED_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:4173'];
beforeAll(async () => {
  server = await serve({ port: 0, allowedOrigins: ADMITTED_ORIGINS });
});
afterAll(async () => {
  await server.close();
});

const toolsList = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };
const chatBody = JSON.stringify({ messages: [{ role: 'user', content: 'What is 5 plus 7?' }] });

describe('Host header', () => {
  it.each(['/mcp', '/mock/openai/v1/chat/completions', '/mock/openai/v1/models'])('refuses a foreign Host on %s with 403', async (path) => {
    const response = await sendHttpRequest(`${server.url}${path}`, {
      method: 'POST',
      headers: { ...mcpHeaders, host: 'evil.example' },
      body: path === '/mcp' ? toolsList : chatBody,
    });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).error).toMatch(/Invalid Host.*DNS rebinding/);
  });

  it('refuses a Host that only begins like localhost', async () => {
    const response = await sendHttpRequest(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...mcpHeaders, host: 'localhost.evil.example' },
      body: toolsList,
    });
    expect(response.status).toBe(403);
  });

  it('refuses a foreign Host on a path outside the API too', async () => {
    const response = await sendHttpRequest(`${server.url}/`, { headers: { host: 'evil.example' } });
    expect(response.status).toBe(403);
  });

  it.each(['localhost', `localhost:${1234}`, '127.0.0.1:9', '[::1]:80'])('answers a localhost-class Host %s, whatever the port', async (host) => {
    const response = await sendHttpRequest(`${server.url}/mcp`, { method: 'POST', headers: { ...mcpHeaders, host }, body: toolsList });
    expect(response.status).toBe(200);
    expect(response.body).toContain('add_numbers');
  });
});

describe('Origin header', () => {
  it.each([
    ['/mcp', toolsList],
    ['/mock/openai/v1/chat/completions', chatBody],
  ])('refuses a page from http://evil.example on %s with 403 and no CORS headers', async (path, body) => {
    const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { ...mcpHeaders, origin: 'http://evil.example' }, body });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await response.json()) as { error: string }).error).toMatch(/Invalid Origin/);
  });

  it.each(['null', 'http://localhost.evil.example', 'http://127.0.0.1.nip.io'])('refuses the Origin %s', async (origin) => {
    const response = await fetch(`${server.url}/mock/openai/v1/models`, { headers: { origin } });
    expect(response.status).toBe(403);
  });

  it('refuses a preflight from a foreign origin', async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a request with no Origin at all (not from a browser page)', async () => {
    const response = await fetch(`${server.url}/mcp`, { method: 'POST', headers: mcpHeaders, body: toolsList });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS for admitted origins', () => {
  const origin = 'http://localhost:5173';

  it('lets an admitted page on another port read the answer and the MCP headers', async () => {
    const response = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { ...mcpHeaders, origin }, body: toolsList });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    const exposed = response.headers
      .get('access-control-expose-headers')!
      .split(',')
      .map((name) => name.trim());
    expect(exposed).toEqual(expect.arrayContaining(['mcp-session-id', 'mcp-protocol-version', 'x-mock-reasoning']));
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('adds CORS headers to the mock model too', async () => {
    const response = await fetch(`${server.url}/mock/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:4173' },
      body: chatBody,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4173');
  });

  it('answers a preflight with 204 and allows the MCP request headers', async () => {
    const response = await fetch(`${server.url}/mcp`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-session-id' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-methods')).toContain('DELETE');
    const allowed = response.headers
      .get('access-control-allow-headers')!
      .split(',')
      .map((name) => name.trim());
    expect(allowed).toEqual(expect.arrayContaining(['content-type', 'mcp-session-id', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'authorization']));
  });
});

describe('unknown paths', () => {
  it('answers 404 under /mock with where the endpoints are', async () => {
    const response = await fetch(`${server.url}/mock/nothing`);
    expect(response.status).toBe(404);
    const { error } = (await response.json()) as { error: string };
    expect(error).toContain('/mock/nothing');
    expect(error).toContain('/mcp');
    expect(error).toContain('/mock/openai/v1');
  });

  it('answers 404 outside the API with where the endpoints are, when no app is built in', async () => {
    const response = await fetch(`${server.url}/nothing`);
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(text).toContain('/mcp');
    expect(text).toContain('/mock/openai/v1');
  });

  it('treats a trailing slash as the same endpoint', async () => {
    const response = await fetch(`${server.url}/mock/openai/v1/models/`);
    expect(response.status).toBe(200);
  });
});
