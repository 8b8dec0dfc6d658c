import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { sendRawRequest } from './raw-http.ts';

/**
 * TRACE and CONNECT are refused like every other method a route does not take: 405
 * with Allow, in the route's own error shape. The fetch standard forbids both in a
 * Request, so the web-standard app never sees them: TRACE used to end in a 500 (the
 * Request could not be built) and CONNECT in a closed socket (Node hands CONNECT over
 * as a bare socket). Sent over raw sockets: node:http's client treats CONNECT as a tunnel.
 */

let server: RunningServer;
let staticDirectory: string;
beforeAll(async () => {
  staticDirectory = mkdtempSync(join(tmpdir(), 'explorer-static-'));
  writeFileSync(join(staticDirectory, 'index.html'), '<!doctype html><title>explorer</title>');
  server = await serve({ port: 0, staticDirectory });
});
afterAll(async () => {
  await server.close();
  rmSync(staticDirectory, { recursive: true, force: true });
});

type SocketAnswer = { status: number; headers: Record<string, string>; body: string; closed: boolean };

/** Writes the request as given and reads the answer (its Content-Length says when it is whole); closed tells whether the server then closed the connection. */
function sendOverSocket(port: number, head: string): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let text = '';
    let ended = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parse(text), closed: ended });
    };
    const timer = setTimeout(finish, 5_000);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      // Whole: give the server a moment to close, as it should after a CONNECT.
      if (isWhole(text)) setTimeout(finish, 300);
    });
    socket.on('error', reject);
    socket.on('end', () => {
      ended = true;
      finish();
    });
    socket.write(head);
  });
}

function isWhole(text: string): boolean {
  const { headers, body } = parse(text);
  return headers['content-length'] !== undefined && Buffer.byteLength(body) >= Number(headers['content-length']);
}

function parse(text: string): Omit<SocketAnswer, 'closed'> {
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split);
  const body = split < 0 ? '' : text.slice(split + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body };
}

/** The toolbox's elicitation page is a route of its own: TRACE on it used to get 404, as if nothing were there. */
const ROUTES = [
  '/mcp',
  '/mcp/toolbox',
  '/mcp/sessions',
  '/mcp/conformance',
  '/mcp/protected',
  '/mcp/apps',
  '/mcp/toolbox/elicitation-page',
  '/mock/openai/v1/chat/completions',
  '/mock/anthropic/v1/messages',
  '/mock/openai/v1/models',
  '/mock/ollama/api/chat',
  '/index.html',
];
/** Every route of the authorization sandbox's server, a fault's issuer included: TRACE /oauth/token used to get 404, as if nothing were there. */
const OAUTH_ROUTES = [
  '/oauth/token',
  '/oauth/register',
  '/oauth/authorize',
  '/oauth/fault/expired-token/token',
  '/oauth/.well-known/openid-configuration',
  '/.well-known/oauth-authorization-server/oauth',
  '/.well-known/openid-configuration/oauth',
  '/.well-known/oauth-protected-resource/mcp/protected',
  '/oauth/client-metadata.json',
];

describe.each(['TRACE', 'CONNECT'])('%s', (method) => {
  it.each([...ROUTES, ...OAUTH_ROUTES])(`on %s: 405 with the same Allow as any other method the route refuses (PUT)`, async (path) => {
    const reference = await sendRawRequest(server.port, { method: 'PUT', path });
    expect(reference.status).toBe(405);
    const answer = await sendOverSocket(server.port, `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe(reference.headers.allow);
    // A CONNECT that is refused leaves no tunnel behind: the connection is closed.
    if (method === 'CONNECT') expect(answer.closed).toBe(true);
    // The route's own error shape: a JSON-RPC error on MCP, the provider's envelope on the mock, an OAuth error (or, for the consent endpoint, a page).
    expect(answer.headers['content-type']).toBe(reference.headers['content-type']);
    if (!answer.headers['content-type']?.includes('json')) return;
    const parsed = JSON.parse(answer.body) as Record<string, unknown>;
    const shape = JSON.parse(reference.body) as Record<string, unknown>;
    expect(Object.keys(parsed).sort()).toEqual(Object.keys(shape).sort());
    if (path.startsWith('/mcp')) expect(parsed).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
    if (OAUTH_ROUTES.includes(path)) expect(parsed).toMatchObject({ error: 'invalid_request' });
  });

  it('off the routes under /mock: 404 with where the endpoints are, as for any method', async () => {
    const answer = await sendOverSocket(server.port, `${method} /mock/nothing HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('/mock/openai/v1');
  });

  it('from a foreign Host: 403 first, as on every route', async () => {
    const answer = await sendOverSocket(server.port, `${method} /mcp HTTP/1.1\r\nHost: evil.example\r\n\r\n`);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatch(/DNS rebinding/);
  });
});

describe('CONNECT to a host and port, as to a proxy', () => {
  it('gets 405 with what the server does allow, and the connection closes', async () => {
    const answer = await sendOverSocket(server.port, `CONNECT example.com:443 HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(JSON.parse(answer.body).error).toMatch(/not a proxy/);
    expect(answer.closed).toBe(true);
  });
});

describe('afterwards', () => {
  it('the server still answers', async () => {
    const answer = await sendRawRequest(server.port, { path: '/index.html' });
    expect(answer.status).toBe(200);
  });
});
