import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { EventSourceMessage } from 'eventsource-parser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { RECONNECT_AFTER_MS } from '../../server/http/mcp-session-endpoint.ts';
import { addNumbers } from '../../server/mcp/tools-by-endpoint.ts';
import { createCountSlowly } from '../../server/mcp/tools/count-slowly.ts';
import { LEGACY_HEADERS, startSession, type JsonRpcMessage } from '../helpers/mcp-http.ts';
import { readServerSentEvents } from '../helpers/read-server-sent-events.ts';

/**
 * Resumable streams on /mcp/sessions, over real HTTP: a tools/call answer is cut after
 * its first progress event, and a GET with Last-Event-ID gets what followed, from
 * where it was cut: nothing lost, nothing twice, the result at the end. Then the same
 * with the v2 and v1 SDK clients, which reconnect by themselves when a stream is cut.
 */

const INTERVAL_MS = 150;
let server: RunningServer;
let endpoint: string;
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  server = await serve({ port: 0, tools: [addNumbers, createCountSlowly({ intervalMs: INTERVAL_MS })] });
  endpoint = `${server.url}/mcp/sessions`;
});
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});
afterAll(async () => {
  await server.close();
});

const call = (id: number, name: string, input: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: input, _meta: { progressToken: `p${id}` } },
});

/** Reads an SSE body until `enough` says so (then cuts it, as a dropped connection would) or until the server ends it. */
async function readStream(response: Response, enough: (events: EventSourceMessage[]) => boolean = () => false) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text, events: readServerSentEvents(text, { ended: true }), cut: false };
    text += decoder.decode(value, { stream: true });
    if (enough(readServerSentEvents(text))) {
      await reader.cancel();
      return { text, events: readServerSentEvents(text), cut: true };
    }
  }
}

const messagesOf = (events: EventSourceMessage[]) => events.filter((event) => event.data !== '').map((event) => JSON.parse(event.data) as JsonRpcMessage);
const isProgress = (event: EventSourceMessage) => event.data.includes('"notifications/progress"');

async function cutAfterFirstProgress(sessionId: string, body: unknown) {
  const response = await fetch(endpoint, { method: 'POST', headers: { ...LEGACY_HEADERS, 'mcp-session-id': sessionId }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return readStream(response, (events) => events.some(isProgress));
}

async function reconnect(sessionId: string, lastEventId: string) {
  return fetch(endpoint, {
    headers: { accept: 'text/event-stream', 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25', 'last-event-id': lastEventId },
  });
}

describe('a tools/call stream cut in the middle', () => {
  it('opens with a priming event (an id, a retry field, no data) and gives every event an id', async () => {
    const sessionId = await startSession(endpoint);
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { ...LEGACY_HEADERS, 'mcp-session-id': sessionId },
      body: JSON.stringify(call(1, 'add_numbers', { a: 5, b: 7 })),
    });
    const { text, events } = await readStream(response);
    expect(text).toMatch(new RegExp(`^id: \\S+\\nretry: ${RECONNECT_AFTER_MS}\\ndata: \\n\\n`));
    expect(events[0]).toMatchObject({ data: '' });
    expect(events.length).toBe(5); // priming, three stages, the result
    expect(events.every((event) => event.id !== undefined && event.id !== '')).toBe(true);
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  });

  it('is replayed after GET with Last-Event-ID, from where it was cut, while the tool counts on: nothing lost, nothing twice', async () => {
    const sessionId = await startSession(endpoint);
    // Ten counts take 1.5 s: some go out while the client is away, the rest once it is back.
    const before = await cutAfterFirstProgress(sessionId, call(7, 'count_slowly', { to: 10 }));
    expect(before.cut).toBe(true);
    // As a client does: wait as long as the priming event's retry field says, then reconnect.
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_AFTER_MS));
    const replay = await reconnect(sessionId, before.events.at(-1)!.id!);
    expect(replay.status).toBe(200);
    const after = await readStream(replay);
    expect(after.cut).toBe(false); // the server ends the stream once the result is out

    const ids = [...before.events, ...after.events].map((event) => event.id);
    expect(ids.every((id) => id !== undefined)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const messages = messagesOf([...before.events, ...after.events]);
    const progress = messages.filter((message) => message.method === 'notifications/progress').map((message) => message.params!.progress);
    expect(progress).toEqual(Array.from({ length: 13 }, (_, index) => index + 1));
    expect(messages.at(-1)).toMatchObject({ id: 7, result: { content: [{ type: 'text', text: 'Counted to 10' }] } });
    expect(messages.filter((message) => message.id === 7)).toHaveLength(1);
  });

  it('is replayed whole when the call finished while the client was away, and the stream then ends', async () => {
    const sessionId = await startSession(endpoint);
    const before = await cutAfterFirstProgress(sessionId, call(3, 'add_numbers', { a: 5, b: 7 }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const after = await readStream(await reconnect(sessionId, before.events.at(-1)!.id!));
    const messages = messagesOf([...before.events, ...after.events]);
    expect(messages.map((message) => message.params?.progress ?? 'result')).toEqual([1, 2, 3, 'result']);
    expect(messages.at(-1)!.result).toEqual({ content: [{ type: 'text', text: 'Result: 12' }] });
  });

  it('is refused with 400 and a reason when Last-Event-ID names no event the session keeps', async () => {
    const sessionId = await startSession(endpoint);
    const refused = await reconnect(sessionId, 'no-such-event');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('names no event this session still keeps');
  });
});

describe('SDK clients whose stream is cut reconnect and lose nothing', () => {
  /** A fetch that cuts the tools/call answer (closing the connection) after its first progress event, once. */
  function createCuttingFetch() {
    let cut = false;
    const seen: { method: string; lastEventId: string | null }[] = [];
    const cuttingFetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const headers = new Headers(init?.headers);
      seen.push({ method: init?.method ?? 'GET', lastEventId: headers.get('last-event-id') });
      const response = await fetch(url, init);
      if (cut || init?.method !== 'POST' || !String(init.body).includes('"tools/call"') || !response.body) return response;
      cut = true;
      const reader = response.body.getReader();
      let text = '';
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          controller.enqueue(value);
          text += new TextDecoder().decode(value);
          if (readServerSentEvents(text).some(isProgress)) {
            await reader.cancel();
            controller.close();
          }
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    return { cuttingFetch, seen };
  }

  it.each(['v2', 'v1'] as const)('the %s SDK: every progress once, in order, then the result', async (sdk) => {
    const { cuttingFetch, seen } = createCuttingFetch();
    const progress: number[] = [];
    const onprogress = (update: { progress: number }) => void progress.push(update.progress);
    let result: unknown;
    if (sdk === 'v2') {
      const client = new Client({ name: 'resume-v2', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
      closers.push(() => client.close());
      await client.connect(new StreamableHTTPClientTransport(new URL(endpoint), { fetch: cuttingFetch }));
      result = await client.callTool({ name: 'count_slowly', arguments: { to: 3 } }, { onprogress, timeout: 10_000 });
    } else {
      const client = new V1Client({ name: 'resume-v1', version: '1.0.0' });
      closers.push(() => client.close());
      await client.connect(new V1Transport(new URL(endpoint), { fetch: cuttingFetch }));
      result = await client.callTool({ name: 'count_slowly', arguments: { to: 3 } }, undefined, { onprogress, timeout: 10_000 });
    }
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'Counted to 3' }] });
    expect(progress).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seen.some((request) => request.method === 'GET' && request.lastEventId !== null)).toBe(true);
  });
});
