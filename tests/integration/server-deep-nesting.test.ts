import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { LEGACY_HEADERS, readMessages, startSession } from '../helpers/mcp-http.ts';
import { runCodeFlow } from '../helpers/sandbox-raw-flow.ts';

/**
 * Tool arguments nested 5,000 levels deep, on every route that reads a JSON body: parsing
 * them is fine, but the SDK's schema checks recurse through the parsed value and ran out of
 * stack, answered as `-32603 Maximum call stack size exceeded` inside a 200. Each route now
 * refuses such a body with 400 and its own error shape, saying why; 900 levels, under the
 * bound, are taken as any other request.
 */

/** A bridged stdio program that answers every request with an empty result. */
const ANSWERER = `require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.id !== undefined) process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result: {} }) + '\\n');
});`;

let server: RunningServer;
let sessionIds: Record<'/mcp/sessions' | '/mcp/conformance' | '/mcp/toolbox', string>;
let accessToken: string;
beforeAll(async () => {
  server = await serve({ port: 0, stdioServers: [{ name: 'answerer', command: process.execPath, args: ['-e', ANSWERER] }] });
  sessionIds = {
    '/mcp/sessions': await startSession(`${server.url}/mcp/sessions`),
    '/mcp/conformance': await startSession(`${server.url}/mcp/conformance`),
    // A client that offers sampling gets a session on the toolbox.
    '/mcp/toolbox': await startToolboxSession(),
  };
  const flow = await runCodeFlow({ origin: server.url, scope: 'mcp:tools mcp:admin' });
  accessToken = ((await flow.tokenResponse.json()) as { access_token: string }).access_token;
}, 30_000);
afterAll(async () => {
  await server.close();
});

async function startToolboxSession(): Promise<string> {
  const response = await fetch(`${server.url}/mcp/toolbox`, {
    method: 'POST',
    headers: LEGACY_HEADERS,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: { sampling: {} }, clientInfo: { name: 'deep', version: '1' } },
    }),
  });
  await response.text();
  const id = response.headers.get('mcp-session-id');
  if (!id) throw new Error(`initialize on /mcp/toolbox answered ${response.status} without a session`);
  return id;
}

const nested = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'deep', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

type Era = { name: string; path: string; headers: () => Record<string, string>; meta?: boolean };
const ERAS: Era[] = [
  ...['/mcp', '/mcp/toolbox', '/mcp/sessions', '/mcp/conformance', '/mcp/apps'].flatMap((path): Era[] => [
    { name: `${path} in 2025-11-25`, path, headers: () => LEGACY_HEADERS },
    {
      name: `${path} in 2026-07-28`,
      path,
      headers: () => ({ ...LEGACY_HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'add_numbers' }),
      meta: true,
    },
  ]),
  ...(['/mcp/sessions', '/mcp/conformance', '/mcp/toolbox'] as const).map((path): Era => ({
    name: `${path} within a 2025-11-25 session`,
    path,
    headers: () => ({ ...LEGACY_HEADERS, 'mcp-session-id': sessionIds[path] }),
  })),
  { name: '/mcp/protected with a token', path: '/mcp/protected', headers: () => ({ ...LEGACY_HEADERS, authorization: `Bearer ${accessToken}` }) },
  // Its message checks recurse too: 5,000 levels used to end in a 500.
  { name: 'a stdio bridge, /mcp/stdio/answerer', path: '/mcp/stdio/answerer', headers: () => LEGACY_HEADERS },
];

/** A tools/call whose argument `a` is `levels` deep, as JSON text (JSON.stringify of such a value would itself recurse). */
function writeCall(era: Era, levels: number): string {
  const meta = era.meta ? `,"_meta":${JSON.stringify(ENVELOPE)}` : '';
  return `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"add_numbers","arguments":{"a":${nested(levels)},"b":2}${meta}}}`;
}

async function post(path: string, headers: Record<string, string>, body: string) {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers, body });
  return { status: response.status, text: await response.text() };
}

describe.each(ERAS)('$name', (era) => {
  it('answers arguments nested 5,000 levels deep with 400 and a JSON-RPC parse error that says why', async () => {
    for (const body of [writeCall(era, 5_000), `[${writeCall(era, 5_000)}]`]) {
      const answer = await post(era.path, era.headers(), body);
      expect(answer.text).not.toContain('call stack');
      expect(answer.status).toBe(400);
      expect(readMessages(answer.text)[0]).toMatchObject({
        jsonrpc: '2.0',
        error: { code: -32700, message: expect.stringContaining('more than 1000 levels deep') },
        id: null,
      });
    }
  });

  it('takes arguments nested 900 levels deep as any other request: not refused for their depth, no stack run out', async () => {
    const answer = await post(era.path, era.headers(), writeCall(era, 900));
    expect(answer.status).not.toBe(500);
    expect(answer.text).not.toContain('levels deep');
    expect(answer.text).not.toContain('call stack');
    expect(readMessages(answer.text)[0]?.error?.code).not.toBe(-32603);
  });
});

describe('the routes that are not MCP', () => {
  it.each([
    [
      '/mock/openai/v1/chat/completions',
      { 'content-type': 'application/json' },
      `{"model":"m","messages":[{"role":"user","content":"hi"}],"tools":${nested(5_000)}}`,
      'more than 1000 levels deep',
    ],
    [
      '/oauth/register',
      { 'content-type': 'application/json' },
      `{"redirect_uris":["http://127.0.0.1:9/callback"],"client_name":"deep","extra":${nested(5_000)}}`,
      'invalid_client_metadata',
    ],
    ['/oauth/fault/expired-token/register', { 'content-type': 'application/json' }, `{"redirect_uris":${nested(5_000)}}`, 'more than 1000 levels deep'],
    ['/oauth/token', { 'content-type': 'application/json' }, `{"grant_type":${nested(5_000)}}`, 'invalid_request'],
  ])('%s answers a body nested 5,000 levels deep with 400, in its own error shape', async (path, headers, body, says) => {
    const answer = await post(path, headers, body);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(says);
  });
});

describe('afterwards', () => {
  it('the server still answers a lifecycle call', async () => {
    const answer = await post(
      '/mcp',
      LEGACY_HEADERS,
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add_numbers","arguments":{"a":5,"b":7}}}',
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('12');
  });
});
