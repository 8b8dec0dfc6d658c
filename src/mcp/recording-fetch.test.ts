import { afterEach, describe, expect, it } from 'vitest';
import { findClosedPort, startEchoServer, startHttpServer, type TestServer } from '../../tests/helpers/start-http-server.ts';
import { CLOSED_BY_CALLER } from './exchange-bounds.ts';
import { createRecordingFetch, performRecordedExchange, recordExchange, type ExchangeEvent } from './recording-fetch.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function createDeferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('createRecordingFetch', () => {
  describe('a plain JSON exchange', () => {
    it('records method, url, headers and body of the request, and status, headers and body of the response', async () => {
      server = await startEchoServer();
      const events: ExchangeEvent[] = [];
      const recordingFetch = createRecordingFetch({ listener: (event) => events.push(event) });
      const response = await recordingFetch(`${server.url}/path?x=1`, {
        method: 'post',
        headers: { 'content-type': 'application/json', 'x-custom': 'hello' },
        body: '{"question":"What is 5 plus 7?"}',
      });

      expect(events.map((event) => event.type)).toEqual(['request', 'response', 'end']);
      const exchange = events[0]!.exchange;
      expect(exchange).toMatchObject({
        method: 'POST',
        url: `${server.url}/path?x=1`,
        requestBody: '{"question":"What is 5 plus 7?"}',
        status: 200,
      });
      expect(exchange.requestHeaders).toMatchObject({ 'content-type': 'application/json', 'x-custom': 'hello' });
      expect(exchange.responseHeaders).toMatchObject({ 'content-type': 'application/json', 'x-answer': 'yes' });
      expect(JSON.parse(exchange.responseBody!)).toMatchObject({ method: 'POST', body: '{"question":"What is 5 plus 7?"}' });
      expect(exchange.durationMs).toBeGreaterThanOrEqual(0);

      // The caller still gets a readable response with the same body, status and headers.
      expect(response.status).toBe(200);
      expect(response.headers.get('x-answer')).toBe('yes');
      expect(await response.json()).toMatchObject({ url: '/path?x=1', headers: { 'x-custom': 'hello' } });
    });

    it('records a Request object as well as a URL and init', async () => {
      server = await startEchoServer();
      const events: ExchangeEvent[] = [];
      const recordingFetch = createRecordingFetch({ listener: (event) => events.push(event) });
      const response = await recordingFetch(new Request(`${server.url}/r`, { method: 'PUT', body: 'text body' }));
      expect(events[0]!.exchange).toMatchObject({ method: 'PUT', requestBody: 'text body' });
      expect(await response.json()).toMatchObject({ method: 'PUT', body: 'text body' });
    });

    it('gives back a 204 response without a body instead of failing', async () => {
      server = await startHttpServer((_request, response) => void response.writeHead(204).end());
      const response = await createRecordingFetch({})(`${server.url}/`, { method: 'DELETE' });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
    });

    it('refuses a body that is not a string, so what is shown is exactly what is sent', async () => {
      server = await startEchoServer();
      await expect(createRecordingFetch({})(`${server.url}/`, { method: 'POST', body: new Uint8Array([1, 2]) })).rejects.toThrow(TypeError);
      expect(server.received).toHaveLength(0);
    });
  });

  describe('server-sent events', () => {
    it('records each frame as it arrives, while the caller still reads the whole stream', async () => {
      const firstFrameRecorded = createDeferred();
      server = await startHttpServer(async (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('event: message\nid: 1\ndata: {"n":1}\n\n');
        // The second frame is sent only once the recorder has seen the first: a recorder
        // that waited for the end of the stream would never get here, and the test would time out.
        await firstFrameRecorded.promise;
        response.write('data: {"n":2}\n\n');
        response.end();
      });
      const events: ExchangeEvent[] = [];
      const recordingFetch = createRecordingFetch({
        listener: (event) => {
          events.push(event);
          if (event.type === 'sse-frame' && event.frame.data === '{"n":1}') firstFrameRecorded.resolve();
        },
      });
      const response = await recordingFetch(`${server.url}/sse`, { method: 'POST', body: '{}' });
      const text = await response.text();
      expect(text).toBe('event: message\nid: 1\ndata: {"n":1}\n\ndata: {"n":2}\n\n');

      await expect.poll(() => events.at(-1)?.type).toBe('end');
      expect(events.map((event) => event.type)).toEqual(['request', 'response', 'sse-frame', 'sse-frame', 'end']);
      const frames = events.flatMap((event) => (event.type === 'sse-frame' ? [event.frame] : []));
      expect(frames[0]).toMatchObject({ event: 'message', id: '1', data: '{"n":1}' });
      expect(frames[1]).toMatchObject({ data: '{"n":2}' });
      expect(frames[1]).not.toHaveProperty('event');
      expect(events.at(-1)!.exchange.sse).toHaveLength(2);
      expect(events.at(-1)!.exchange.responseBody).toBeUndefined();
    });
  });

  describe('closing a stream early', () => {
    it('lets the caller cancel an endless event stream, which closes the connection and ends the record', async () => {
      let connectionClosed = false;
      server = await startHttpServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: {"n":1}\n\n');
        response.on('close', () => (connectionClosed = true));
      });
      const events: ExchangeEvent[] = [];
      const response = await createRecordingFetch({ listener: (event) => events.push(event) })(`${server.url}/stream`);
      const reader = response.body!.getReader();
      await reader.read();
      // With a bare tee this cancel never settles: the recorder's branch keeps the source open.
      const cancelled = await Promise.race([reader.cancel().then(() => 'cancelled'), new Promise((resolve) => setTimeout(() => resolve('hung'), 2_000))]);
      expect(cancelled).toBe('cancelled');
      await expect.poll(() => connectionClosed).toBe(true);
      await expect.poll(() => events.at(-1)?.type).toBe('end');
      expect(events.at(-1)!.exchange.sse).toEqual([expect.objectContaining({ data: '{"n":1}' })]);
    });
  });

  describe('an answer the caller closes (a cancelled call whose stream the server leaves open)', () => {
    it('closes the connection and ends the record as closed by the client; the caller’s copy gets no end and no error', async () => {
      let connectionClosed = false;
      server = await startHttpServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('id: 1\ndata: {"n":1}\n\n');
        response.on('close', () => (connectionClosed = true));
      });
      const events: ExchangeEvent[] = [];
      const response = await createRecordingFetch({ listener: (event) => events.push(event) })(`${server.url}/stream`, { method: 'POST', body: '{}' });
      const reader = response.body!.getReader();
      expect(new TextDecoder().decode((await reader.read()).value)).toContain('"n":1');
      let settled = false;
      void reader.read().then(
        () => (settled = true),
        () => (settled = true),
      );
      const answer = events.find((event) => event.type === 'response');
      expect(answer?.type === 'response' ? answer.close : undefined).toBeTypeOf('function');
      if (answer?.type === 'response') answer.close?.();
      await expect.poll(() => connectionClosed).toBe(true);
      await expect.poll(() => events.at(-1)?.type).toBe('error');
      expect(events.at(-1)!.exchange.error).toBe(CLOSED_BY_CALLER);
      expect(events.at(-1)!.exchange.sse).toEqual([expect.objectContaining({ id: '1', data: '{"n":1}' })]);
      // An end would be read as a stream to resume, an error as a failure: the read is left waiting.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(settled).toBe(false);
    });
  });

  describe('a request closed before its answer began', () => {
    // A server that answers in JSON holds the POST until the result; a cancelled call gets none (issue 40).
    it('closes the connection and ends the record as closed by the client; the caller’s fetch never settles', async () => {
      let connectionClosed = false;
      server = await startHttpServer((request) => {
        request.socket.on('close', () => (connectionClosed = true));
      });
      const events: ExchangeEvent[] = [];
      let settled = false;
      void createRecordingFetch({ listener: (event) => events.push(event) })(`${server.url}/held`, { method: 'POST', body: '{}' }).then(
        () => (settled = true),
        () => (settled = true),
      );
      await expect.poll(() => events[0]?.type).toBe('request');
      const sent = events[0]!;
      expect(sent.type === 'request' ? sent.close : undefined).toBeTypeOf('function');
      if (sent.type === 'request') sent.close();
      await expect.poll(() => connectionClosed).toBe(true);
      await expect.poll(() => events.at(-1)?.type).toBe('error');
      expect(events.at(-1)!.exchange.error).toBe(CLOSED_BY_CALLER);
      expect(events.at(-1)!.exchange.status).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(settled).toBe(false);
    });
  });

  describe('failures', () => {
    it('emits an error and rethrows when nothing answers', async () => {
      const port = await findClosedPort();
      const events: ExchangeEvent[] = [];
      const recordingFetch = createRecordingFetch({ listener: (event) => events.push(event) });
      await expect(recordingFetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', body: '{}' })).rejects.toThrow();
      expect(events.map((event) => event.type)).toEqual(['request', 'error']);
      expect(events[1]!.exchange.error).toMatch(/fetch failed/i);
      expect(events[1]!.exchange.status).toBeUndefined();
    });

    it('gives up after the timeout and says it timed out', async () => {
      server = await startHttpServer(() => {
        // Never answers.
      });
      const events: ExchangeEvent[] = [];
      const recordingFetch = createRecordingFetch({ listener: (event) => events.push(event), timeoutMs: 150 });
      const started = Date.now();
      const error = await recordingFetch(`${server.url}/slow`).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).name).toBe('TimeoutError');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(events.map((event) => event.type)).toEqual(['request', 'error']);
      expect(events[1]!.exchange.error).toMatch(/TimeoutError/);
    });

    it('does not count the pause in beforeSend against the timeout', async () => {
      server = await startEchoServer();
      const recordingFetch = createRecordingFetch({
        timeoutMs: 1_000,
        beforeSend: () => new Promise((resolve) => setTimeout(() => resolve(), 1_200)),
      });
      const response = await recordingFetch(`${server.url}/`);
      expect(response.status).toBe(200);
    });

    it('stops when the caller aborts', async () => {
      server = await startHttpServer(() => {});
      const controller = new AbortController();
      const pending = createRecordingFetch({})(`${server.url}/`, { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await expect(pending).rejects.toThrow();
    });
  });

  describe('beforeSend', () => {
    it('holds the request: nothing reaches the server until beforeSend resolves', async () => {
      server = await startEchoServer();
      const gate = createDeferred();
      const events: ExchangeEvent[] = [];
      let seen: { method: string; url: string; body: string | undefined } | undefined;
      const recordingFetch = createRecordingFetch({
        listener: (event) => events.push(event),
        beforeSend: async (request) => {
          seen = request;
          await gate.promise;
          return { context: { step: 'held' } };
        },
      });
      const pending = recordingFetch(`${server.url}/held`, { method: 'POST', body: '{"id":1}' });

      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen).toMatchObject({ method: 'POST', url: `${server.url}/held`, body: '{"id":1}' });
      expect(server.received).toHaveLength(0);
      expect(events).toHaveLength(0);

      gate.resolve();
      const response = await pending;
      expect(response.status).toBe(200);
      expect(server.received).toHaveLength(1);
      expect(events[0]!.exchange.context).toEqual({ step: 'held' });
    });

    it('can replace the body that is sent, and the record shows the body really sent', async () => {
      server = await startEchoServer();
      const events: ExchangeEvent[] = [];
      const recordingFetch = createRecordingFetch({
        listener: (event) => events.push(event),
        beforeSend: async () => ({ body: '{"replaced":true}' }),
      });
      await recordingFetch(`${server.url}/`, { method: 'POST', body: '{"original":true}' });
      expect(server.received[0]!.body).toBe('{"replaced":true}');
      expect(events[0]!.exchange.requestBody).toBe('{"replaced":true}');
    });

    it('does not send a request the caller aborted while it was held', async () => {
      server = await startEchoServer();
      const controller = new AbortController();
      const recordingFetch = createRecordingFetch({
        beforeSend: async () => {
          controller.abort();
        },
      });
      await expect(recordingFetch(`${server.url}/`, { signal: controller.signal })).rejects.toThrow();
      expect(server.received).toHaveLength(0);
    });
  });
});

describe('performRecordedExchange', () => {
  it('numbers exchanges in the order they start', async () => {
    server = await startEchoServer();
    const ids: number[] = [];
    const listener = (event: ExchangeEvent) => {
      if (event.type === 'request') ids.push(event.exchange.exchangeId);
    };
    await performRecordedExchange(`${server.url}/1`, undefined, { listener });
    await performRecordedExchange(`${server.url}/2`, undefined, { listener });
    expect(ids[1]).toBeGreaterThan(ids[0]!);
  });
});

describe('recordExchange', () => {
  it('hands a plain body over as the text it recorded, with the status and headers, and records the exchange as performRecordedExchange does', async () => {
    server = await startEchoServer();
    const events: ExchangeEvent[] = [];
    const answer = await recordExchange(`${server.url}/provider`, { method: 'POST', body: '{"model":"m"}' }, { listener: (event) => events.push(event) });
    expect(answer.kind).toBe('read');
    if (answer.kind !== 'read') return;
    expect({ ok: answer.ok, status: answer.status, answer: answer.headers.get('x-answer') }).toEqual({ ok: true, status: 200, answer: 'yes' });
    expect(JSON.parse(answer.text)).toMatchObject({ method: 'POST', url: '/provider', body: '{"model":"m"}' });
    expect(events.map((event) => event.type)).toEqual(['request', 'response', 'end']);
    expect(events[2]!.exchange.responseBody).toBe(answer.text);
  });

  it('hands an event stream over as a Response to read as it arrives', async () => {
    server = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end('data: {"n":1}\n\ndata: {"n":2}\n\n');
    });
    const frames: string[] = [];
    const answer = await recordExchange(server.url, undefined, { listener: (event) => event.type === 'sse-frame' && frames.push(event.frame.data) });
    expect(answer.kind).toBe('streamed');
    if (answer.kind !== 'streamed') return;
    expect(await answer.response.text()).toBe('data: {"n":1}\n\ndata: {"n":2}\n\n');
    expect(frames).toEqual(['{"n":1}', '{"n":2}']);
  });
});
