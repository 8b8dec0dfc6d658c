import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { LEGACY_HEADERS, readMessages, startSession } from '../helpers/mcp-http.ts';

/**
 * Malformed and invalid requests on the three MCP endpoints, in both eras and with or
 * without a session: each mistake gets the same HTTP status and JSON-RPC error code
 * wherever it lands (JSON-RPC 2.0: -32700 parse error, -32600 invalid request,
 * -32601 method not found), and 415/406 for the transport's header rules.
 */

let server: RunningServer;
let sessionId: string;
beforeAll(async () => {
  server = await serve({ port: 0 });
  sessionId = await startSession(`${server.url}/mcp/sessions`);
});
afterAll(async () => {
  await server.close();
});

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'error-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

type Era = { path: string; headers: (method: string) => Record<string, string>; message: (fields: Record<string, unknown>) => Record<string, unknown> };
const legacy = (path: string, extra: Record<string, string> = {}): Era => ({
  path,
  headers: () => ({ ...LEGACY_HEADERS, ...extra }),
  message: (fields) => fields,
});
const modern = (path: string): Era => ({
  path,
  headers: (method) => ({ ...LEGACY_HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': method }),
  message: (fields) => ({ ...fields, params: { ...((fields.params as object | undefined) ?? {}), _meta: ENVELOPE } }),
});
/** Built lazily: the session id exists only once beforeAll has run. */
const EACH_ERA: [string, () => Era][] = [
  ['/mcp in 2025-11-25', () => legacy('/mcp')],
  ['/mcp in 2026-07-28', () => modern('/mcp')],
  ['/mcp/toolbox in 2025-11-25', () => legacy('/mcp/toolbox')],
  ['/mcp/toolbox in 2026-07-28', () => modern('/mcp/toolbox')],
  ['/mcp/sessions in 2025-11-25 without a session', () => legacy('/mcp/sessions')],
  ['/mcp/sessions in 2025-11-25 within a session', () => legacy('/mcp/sessions', { 'mcp-session-id': sessionId })],
  ['/mcp/sessions in 2026-07-28', () => modern('/mcp/sessions')],
];

type Answer = { status: number; contentType: string; error: { code: number; message: string } | undefined; id: unknown };

async function post(era: Era, body: string, headers: Record<string, string> = {}, method = 'tools/list'): Promise<Answer> {
  const response = await fetch(`${server.url}${era.path}`, { method: 'POST', headers: { ...era.headers(method), ...headers }, body });
  const text = await response.text();
  const message = readMessages(text)[0];
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', error: message?.error, id: message?.id };
}

const toolsList = (era: Era, fields: Record<string, unknown> = {}) =>
  JSON.stringify(era.message({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {}, ...fields }));

describe.each(EACH_ERA)('%s', (_name, makeEra) => {
  it.each([
    ['truncated JSON', '{"jsonrpc":"2.0","id":1,"meth'],
    ['an empty body', ''],
    ['bytes that are not text', '\u0000\u00ff\ufffd{'],
  ])('answers %s with 400 and -32700 (parse error)', async (_label, body) => {
    const answer = await post(makeEra(), body);
    expect(answer).toMatchObject({ status: 400, error: { code: -32700, message: 'Parse error: Invalid JSON' }, id: null });
  });

  it.each([
    ['a wrong jsonrpc version', { jsonrpc: '1.0' }, 1],
    ['no jsonrpc member', { jsonrpc: undefined }, 1],
    ['no method', { method: undefined }, null],
    ['a method that is not a string', { method: 42 }, null],
    ['an id that is an object', { id: { nested: true } }, null],
    ['params that are a string', { params: 'x' }, 1],
  ])('answers %s with 400 and -32600 (invalid request)', async (_label, fields, id) => {
    const era = makeEra();
    const message = JSON.parse(toolsList(era)) as Record<string, unknown>;
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) delete message[key];
      else message[key] = value;
    }
    const answer = await post(era, JSON.stringify(message));
    expect(answer).toMatchObject({ status: 400, error: { code: -32600 }, id });
  });

  it.each([
    ['a number', '42'],
    ['null', 'null'],
    ['a string', '"tools/list"'],
  ])('answers a body that is %s with 400 and -32600', async (_label, body) => {
    expect(await post(makeEra(), body)).toMatchObject({ status: 400, error: { code: -32600 } });
  });

  it('answers an empty batch with 400 and -32600', async () => {
    expect(await post(makeEra(), '[]')).toMatchObject({ status: 400, error: { code: -32600, message: 'Bad Request: empty JSON-RPC batch' } });
  });

  it('answers a batch of 101 messages with 400 and -32600 (batches hold 100 at most, and none in 2026-07-28)', async () => {
    const era = makeEra();
    const batch = `[${Array.from({ length: 101 }, (_, id) => toolsList(era, { id })).join(',')}]`;
    const answer = await post(era, batch);
    expect(answer).toMatchObject({ status: 400, error: { code: -32600 } });
    expect(answer.error!.message).toMatch(/Batch must not exceed 100 messages|batches may not contain requests for protocol revision 2026-07-28/);
  });

  it('answers a batch holding something that is not a message with 400 and -32600', async () => {
    expect(await post(makeEra(), '[1, 2]')).toMatchObject({
      status: 400,
      error: { code: -32600, message: 'Bad Request: JSON-RPC batch contains an invalid message' },
    });
  });

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['']])('answers Content-Type "%s" with 415', async (contentType) => {
    const era = makeEra();
    const answer = await post(era, toolsList(era), { 'content-type': contentType });
    expect(answer).toMatchObject({ status: 415, error: { code: -32000, message: 'Unsupported Media Type: Content-Type must be application/json' } });
  });

  it.each([['application/json'], ['text/event-stream'], ['text/html'], ['*/*'], ['']])(
    'answers Accept "%s" with 406 (the spec asks for both media types)',
    async (accept) => {
      const era = makeEra();
      const answer = await post(era, toolsList(era), { accept });
      expect(answer).toMatchObject({
        status: 406,
        error: { code: -32000, message: 'Not Acceptable: Client must accept both application/json and text/event-stream' },
      });
    },
  );

  it.each(['PUT', 'PATCH'])('answers %s with 405 and a JSON-RPC error', async (method) => {
    const era = makeEra();
    const response = await fetch(`${server.url}${era.path}`, { method, headers: era.headers('tools/list'), body: toolsList(era) });
    expect(response.status).toBe(405);
    expect(((await response.json()) as Answer).error).toMatchObject({ code: -32000 });
  });
});

describe('an unknown method', () => {
  it.each([
    ['/mcp', {}],
    ['/mcp/toolbox', {}],
    ['/mcp/sessions', { session: true }],
  ])('in 2025-11-25 on %s: 200 and -32601 in the answer stream, with the request’s id', async (path, { session }: { session?: boolean }) => {
    const era = legacy(path, session ? { 'mcp-session-id': sessionId } : {});
    const answer = await post(era, toolsList(era, { method: 'no/such/method', id: 'abc' }));
    expect(answer).toMatchObject({ status: 200, contentType: 'text/event-stream', error: { code: -32601, message: 'Method not found' }, id: 'abc' });
  });

  it.each(['/mcp', '/mcp/toolbox', '/mcp/sessions'])('in 2026-07-28 on %s: 404 and -32601, the pairing that revision defines', async (path) => {
    const era = modern(path);
    const answer = await post(era, toolsList(era, { method: 'no/such/method', id: 7 }), {}, 'no/such/method');
    expect(answer).toMatchObject({ status: 404, error: { code: -32601, message: 'Method not found' }, id: 7 });
  });
});

describe('what stays valid', () => {
  it('a batch of two 2025-11-25 requests is answered in full', async () => {
    const era = legacy('/mcp');
    const response = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: era.headers('tools/list'),
      body: `[${toolsList(era, { id: 1 })},${toolsList(era, { id: 2 })}]`,
    });
    expect(response.status).toBe(200);
    expect(
      readMessages(await response.text())
        .map((message) => message.id)
        .sort(),
    ).toEqual([1, 2]);
  });

  it('a batch of 100 is not refused for its size', async () => {
    const era = legacy('/mcp');
    const batch = `[${Array.from({ length: 100 }, (_, id) => toolsList(era, { id })).join(',')}]`;
    const response = await fetch(`${server.url}/mcp`, { method: 'POST', headers: era.headers('tools/list'), body: batch });
    expect(response.status).toBe(200);
    expect(readMessages(await response.text())).toHaveLength(100);
  });

  it('Content-Type with a charset, and Accept with more types, are fine', async () => {
    const era = legacy('/mcp');
    const answer = await post(era, toolsList(era), {
      'content-type': 'application/json; charset=utf-8',
      accept: 'text/html, application/json, text/event-stream;q=0.9',
    });
    expect(answer.status).toBe(200);
  });
});
