import { afterEach, describe, expect, it } from 'vitest';
import { startEchoServer, type TestServer } from '../../tests/helpers/start-http-server.ts';
import { createRecordingFetch, type ExchangeEvent } from './recording-fetch.ts';
import { REDACTED, redactHeaders, redactUrl } from './redact-secrets.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the recording fetch and secrets', () => {
  it('sends the real key to the server but records it redacted, in headers and in the query', async () => {
    server = await startEchoServer();
    const events: ExchangeEvent[] = [];
    const recordingFetch = createRecordingFetch({ listener: (event) => events.push(event) });
    const response = await recordingFetch(`${server.url}/v1?key=secret-query&model=m`, {
      headers: { authorization: 'Bearer sk-secret', 'x-api-key': 'secret-header', accept: 'application/json' },
    });
    const echoed = (await response.json()) as { url: string; headers: Record<string, string> };
    expect(echoed.headers.authorization).toBe('Bearer sk-secret');
    expect(echoed.headers['x-api-key']).toBe('secret-header');
    expect(echoed.url).toContain('key=secret-query');

    const exchange = events[0]!.exchange;
    expect(exchange.requestHeaders).toMatchObject({ authorization: REDACTED, 'x-api-key': REDACTED, accept: 'application/json' });
    expect(exchange.url).not.toContain('secret-query');
    expect(new URL(exchange.url).searchParams.get('key')).toBe(REDACTED);
    expect(new URL(exchange.url).searchParams.get('model')).toBe('m');
    // The echo server repeats the secrets in its body; everything the host itself sent is clean.
    const { responseBody: _echoed, ...recorded } = exchange;
    expect(JSON.stringify(recorded)).not.toMatch(/sk-secret|secret-header|secret-query/);
  });
});

describe('redactHeaders', () => {
  it('redacts every secret-carrying header, whatever its case, and keeps the others', () => {
    const headers = new Headers({
      Authorization: 'Bearer a',
      'Proxy-Authorization': 'b',
      'X-Api-Key': 'c',
      'x-goog-api-key': 'd',
      'api-key': 'e',
      cookie: 'f',
      'content-type': 'application/json',
    });
    expect(redactHeaders(headers)).toEqual({
      authorization: REDACTED,
      'proxy-authorization': REDACTED,
      'x-api-key': REDACTED,
      'x-goog-api-key': REDACTED,
      'api-key': REDACTED,
      cookie: REDACTED,
      'content-type': 'application/json',
    });
  });
});

describe('redactUrl', () => {
  it.each(['key', 'api_key', 'apikey', 'access_token'])('redacts the %s query parameter', (name) => {
    const redacted = redactUrl(`https://example.test/v1?${name}=s3cret&alt=json`);
    expect(redacted).not.toContain('s3cret');
    expect(new URL(redacted).searchParams.get('alt')).toBe('json');
  });

  it('returns a URL without secrets exactly as it was', () => {
    expect(redactUrl('http://127.0.0.1:3000/mcp')).toBe('http://127.0.0.1:3000/mcp');
  });

  it('returns text that is not a URL unchanged', () => {
    expect(redactUrl('not a url')).toBe('not a url');
  });
});
