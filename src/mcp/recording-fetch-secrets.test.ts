import { afterEach, describe, expect, it } from 'vitest';
import { startHttpServer, type TestServer } from '../../tests/helpers/start-http-server.ts';
import { REDACTED, createRecordingFetch, type ExchangeEvent, type RecordedExchange } from './recording-fetch.ts';

/** The recorder against a real server that echoes every secret it is sent: nothing recorded may hold one. */

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const KEY = 'sk-ant-echo-DO-NOT-LEAK-5151';
const TOKEN = 'mcp-header-token-6262';
const MARKED = 'marked-header-value-7373';

/** Echoes the key, the header token and the URL password back in its body, its headers and its status text. */
function startEchoingServer(): Promise<TestServer> {
  return startHttpServer((request, response, body) => {
    const seen = `${request.headers['x-api-key'] ?? ''} ${request.headers.authorization ?? ''} ${request.headers['x-custom-auth'] ?? ''}`;
    const echo = { 'x-echo': seen, 'x-request-id': `${KEY}-${TOKEN}` };
    if (request.url?.startsWith('/stream')) {
      response.writeHead(200, { ...echo, 'content-type': 'text/event-stream' });
      response.write(`event: ${KEY}\nid: ${TOKEN}\ndata: {"echo":"${seen}"}\n\n`);
      response.end(`data: ${JSON.stringify({ body })}\n\n`);
      return;
    }
    response.writeHead(401, `Bad key ${KEY}`, { ...echo, 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { message: `Invalid key: ${KEY}, token ${TOKEN}` }, headers: request.headers, body }));
  });
}

function recordedText(exchange: RecordedExchange): string {
  return JSON.stringify(exchange);
}

describe('the recorder redacts the secrets a request carries wherever they come back', () => {
  it('in the response body, its headers and status text, the request body and the URL', async () => {
    server = await startEchoingServer();
    const events: ExchangeEvent[] = [];
    const recordingFetch = createRecordingFetch({ listener: (event) => events.push(event), secretHeaderNames: ['x-custom-auth'] });
    const response = await recordingFetch(`${server.url}/v1?key=${KEY}`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, authorization: `Bearer ${TOKEN}`, 'x-custom-auth': MARKED, 'content-type': 'application/json' },
      body: JSON.stringify({ note: `the body names ${KEY}` }),
    });
    // The caller reads the real answer: redaction is of the record only.
    expect(await response.text()).toContain(KEY);
    const exchange = events.at(-1)!.exchange;
    expect(exchange.status).toBe(401);
    const text = recordedText(exchange);
    for (const secret of [KEY, TOKEN, MARKED]) expect(text).not.toContain(secret);
    expect(exchange.statusText).toBe(`Bad key ${REDACTED}`);
    expect(exchange.responseHeaders!['x-echo']).toBe(`${REDACTED} ${REDACTED} ${REDACTED}`);
    expect(exchange.requestHeaders).toMatchObject({ 'x-api-key': REDACTED, authorization: REDACTED, 'x-custom-auth': REDACTED });
    expect(JSON.parse(exchange.responseBody!).error.message).toBe(`Invalid key: ${REDACTED}, token ${REDACTED}`);
    expect(exchange.requestBody).toBe(JSON.stringify({ note: `the body names ${REDACTED}` }));
    expect(new URL(exchange.url).searchParams.get('key')).toBe(REDACTED);
  });

  it('in every SSE frame, its event name and id', async () => {
    server = await startEchoingServer();
    const events: ExchangeEvent[] = [];
    const recordingFetch = createRecordingFetch({ listener: (event) => events.push(event) });
    const response = await recordingFetch(`${server.url}/stream`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, authorization: `Bearer ${TOKEN}` },
      body: `{"k":"${KEY}"}`,
    });
    await response.text();
    await expect.poll(() => events.at(-1)?.type).toBe('end');
    const exchange = events.at(-1)!.exchange;
    expect(exchange.sse).toHaveLength(2);
    expect(exchange.sse![0]).toMatchObject({ event: REDACTED, id: REDACTED });
    for (const secret of [KEY, TOKEN]) expect(recordedText(exchange)).not.toContain(secret);
  });

  it('for the secrets the run names, even when this request does not carry them', async () => {
    server = await startEchoingServer();
    const events: ExchangeEvent[] = [];
    const recordingFetch = createRecordingFetch({ listener: (event) => events.push(event), secrets: [KEY] });
    await (await recordingFetch(`${server.url}/`, { method: 'POST', body: '{}' })).text();
    expect(recordedText(events.at(-1)!.exchange)).not.toContain(KEY);
    expect(events.at(-1)!.exchange.responseHeaders!['x-request-id']).toBe(`${REDACTED}-${TOKEN}`);
  });
});
