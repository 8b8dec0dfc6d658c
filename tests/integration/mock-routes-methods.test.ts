import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { sendRawRequest } from './raw-http.ts';

/**
 * The mock model's routes over real HTTP: the methods each takes (405 with Allow
 * for the rest, in the provider's error shape), HEAD and OPTIONS, nesting too deep
 * for its readers, and 404 for what is not there.
 */

let server: RunningServer;
/** A page on another port, admitted as --allow-origin admits one: only such a page sends a preflight. */
const ADMITTED_ORIGIN = 'http://localhost:5173';
beforeAll(async () => {
  server = await serve({ port: 0, allowedOrigins: [ADMITTED_ORIGIN] });
});
afterAll(async () => {
  await server.close();
});

const POST_ROUTES: [string, Record<string, unknown>][] = [
  ['/mock/openai/v1/chat/completions', { error: { message: expect.stringContaining('Use POST'), type: 'invalid_request_error' } }],
  ['/mock/openai-functions/v1/chat/completions', { error: { message: expect.stringContaining('Use POST') } }],
  ['/mock/openai-responses/v1/responses', { error: { message: expect.stringContaining('Use POST') } }],
  ['/mock/anthropic/v1/messages', { type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('Use POST') } }],
  ['/mock/gemini/v1beta/models/mock-model-deterministic:generateContent', { error: { code: 405, status: 'UNIMPLEMENTED' } }],
  ['/mock/ollama/api/chat', { error: expect.stringContaining('not allowed') }],
];

describe.each(POST_ROUTES)('%s', (path, shape) => {
  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])('answers %s with 405, Allow: POST, OPTIONS and the provider’s error shape', async (method) => {
    const answer = await sendRawRequest(server.port, { method, path });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST, OPTIONS');
    expect(JSON.parse(answer.body)).toMatchObject(shape);
  });

  it('answers HEAD with 405 and no body', async () => {
    const answer = await sendRawRequest(server.port, { method: 'HEAD', path });
    expect(answer.status).toBe(405);
    expect(answer.body).toBe('');
  });

  it('answers a preflight from an admitted origin with 204', async () => {
    const answer = await sendRawRequest(server.port, {
      method: 'OPTIONS',
      path,
      headers: { origin: ADMITTED_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(ADMITTED_ORIGIN);
  });

  it('refuses a body nested more than 1000 levels with 400, where its readers would run out of stack', async () => {
    const deep = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000);
    const answer = await sendRawRequest(server.port, {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: `{"model":"m","messages":[{"role":"user","content":"hi"}],"contents":[],"input":"hi","metadata":${deep}}`,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('more than 1000 levels deep');
  });
});

describe('/mock/openai/v1/models', () => {
  it('answers GET, and HEAD with the same status and no body', async () => {
    expect((await sendRawRequest(server.port, { path: '/mock/openai/v1/models' })).status).toBe(200);
    const head = await sendRawRequest(server.port, { method: 'HEAD', path: '/mock/openai/v1/models' });
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('application/json');
    expect(head.body).toBe('');
  });

  it.each(['PUT', 'DELETE', 'PATCH'])('answers %s with 405 and Allow', async (method) => {
    const answer = await sendRawRequest(server.port, { method, path: '/mock/openai/v1/models' });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    expect(JSON.parse(answer.body)).toMatchObject({ error: { message: `Use GET for /v1/models, not ${method}.` } });
  });
});

describe('what is not there', () => {
  it.each(['GET', 'POST', 'DELETE'])('%s under /mock gets 404 naming the endpoints', async (method) => {
    const answer = await sendRawRequest(server.port, { method, path: '/mock/openai/v2/chat/completions', headers: { 'content-length': '0' } });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body).error).toContain('/mock/openai/v1/chat/completions');
  });

  it('a path outside the API gets 404 when no app is built in', async () => {
    expect((await sendRawRequest(server.port, { method: 'POST', path: '/index.php', headers: { 'content-length': '0' } })).status).toBe(404);
  });
});
