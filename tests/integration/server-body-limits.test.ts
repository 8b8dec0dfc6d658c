import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/http/create-app.ts';
import { MAX_REQUEST_BODY_BYTES } from '../../server/shared/read-bounded-body.ts';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { LEGACY_HEADERS } from '../helpers/mcp-http.ts';
import { sendRawRequest } from './raw-http.ts';

/**
 * Request bodies are bounded on every route (4 MiB): a declared Content-Length over
 * the limit is refused before any of the body is read, a body streamed without one
 * is cut off once past the limit, and the server carries on serving.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await serve({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

const MCP_PATHS = ['/mcp', '/mcp/toolbox', '/mcp/sessions'];
const MOCK_PATHS = [
  '/mock/openai/v1/chat/completions',
  '/mock/openai-responses/v1/responses',
  '/mock/anthropic/v1/messages',
  '/mock/gemini/v1beta/models/mock-model-deterministic:generateContent',
  '/mock/ollama/api/chat',
];
const headers = { ...LEGACY_HEADERS, 'anthropic-version': '2023-06-01' };

describe.each([...MCP_PATHS, ...MOCK_PATHS])('%s', (path) => {
  it('answers a declared 1 GiB body with 413 at once, without waiting for it, and closes the connection', async () => {
    const answer = await sendRawRequest(server.port, {
      method: 'POST',
      path,
      headers: { ...headers, 'content-length': String(1024 ** 3) },
      body: '{"jsonrpc":"2.0"',
      finish: false,
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toMatchObject({ error: { message: expect.stringContaining('Payload Too Large') } });
    expect(answer.afterMs).toBeLessThan(2_000);
  });

  it('cuts off a body streamed without Content-Length once it passes 4 MiB', async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const answer = await sendRawRequest(server.port, {
      method: 'POST',
      path,
      headers: { ...headers, 'transfer-encoding': 'chunked' },
      body: Buffer.concat(Array.from({ length: 20 }, () => chunk)),
      finish: false,
    });
    expect(answer.status).toBe(413);
  });
});

describe('a body just under the limit', () => {
  it('is read and answered on /mcp', async () => {
    const padding = 'x'.repeat(MAX_REQUEST_BODY_BYTES - 200);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'add_numbers', arguments: { a: 5, b: 7 }, _meta: { note: padding } },
    });
    expect(Buffer.byteLength(body)).toBeLessThan(MAX_REQUEST_BODY_BYTES);
    const response = await fetch(`${server.url}/mcp`, { method: 'POST', headers: LEGACY_HEADERS, body });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Result: 12');
  });
});

describe('the web-standard app (as the Service Worker runs it, with no Node adapter in front)', () => {
  let app: App;
  beforeAll(() => {
    app = createApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const oversized = () => 'x'.repeat(MAX_REQUEST_BODY_BYTES + 1);
  const send = (path: string, body: string) => app.fetch(new Request(`http://localhost${path}`, { method: 'POST', headers, body }));

  const tooLarge = expect.stringMatching(/too large: this mock model takes at most 4194304 bytes/);
  it.each([
    ['/mock/openai/v1/chat/completions', { error: { message: tooLarge, type: 'invalid_request_error' } }],
    ['/mock/openai-responses/v1/responses', { error: { message: tooLarge, type: 'invalid_request_error' } }],
    ['/mock/anthropic/v1/messages', { type: 'error', error: { type: 'request_too_large', message: tooLarge } }],
    ['/mock/gemini/v1beta/models/m:generateContent', { error: { code: 413, message: tooLarge, status: 'INVALID_ARGUMENT' } }],
    ['/mock/ollama/api/chat', { error: tooLarge }],
  ])('%s answers 413 in its provider’s error shape', async (path, shape) => {
    const response = await send(path, oversized());
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject(shape);
  });

  it('bounds the sessions endpoint’s own read of the body too', async () => {
    const response = await send('/mcp/sessions', oversized());
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringContaining('Payload Too Large') } });
  });

  it.each(MCP_PATHS.slice(0, 2))('%s answers 413 from the SDK’s own bound', async (path) => {
    expect((await send(path, oversized())).status).toBe(413);
  });
});

describe('afterwards', () => {
  it('a whole lifecycle still completes', async () => {
    const trace = await createMockRun(server.url, { autoRelease: true }).start();
    expect(trace.status).toBe('complete');
  });
});
