import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitStreamText } from '../../src/providers/stream-frames.ts';
import type { StreamView } from '../../src/providers/stream-reader.ts';
import { ADD_NUMBERS_TOOL } from '../../src/providers/test-fixtures.ts';
import type { ProviderHttpRequest } from '../../src/providers/types.ts';
import { getWireAdapter } from '../../src/providers/wire-adapters.ts';
import { WIRE_CATALOG } from '../../src/providers/wire-catalog.ts';
import { getWireStream } from '../../src/providers/wire-streams.ts';
import { serve, type RunningServer } from '../node/serve.ts';
import { MOCK_MODEL_NAME } from './decide-mock-reply.ts';
import { cutIntoPieces } from './mock-stream.ts';

/** The streamed requests go to the mock, which answers Chat Completions' usage chunk as OpenAI does. */
const TO_THE_MOCK = { baseUrl: 'http://127.0.0.1/mock/openai/v1', kind: 'mock' as const };

/**
 * The mock streams every wire format over real HTTP, and the host's stream readers put
 * each stream back together into the reply the same request gets whole.
 */

let server: RunningServer;
beforeAll(async () => {
  server = await serve({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

const WIRES = WIRE_CATALOG.map((wire) => wire.id);

function buildRequest({ wire, withTools }: { wire: string; withTools: boolean }): ProviderHttpRequest {
  const adapter = getWireAdapter(wire)!;
  const tools = adapter.prepareTools({ tools: withTools ? [ADD_NUMBERS_TOOL] : [] }).result.tools;
  return adapter.buildRequest({ model: MOCK_MODEL_NAME, conversation: adapter.startConversation({ question: 'What is 5 plus 7?' }), tools });
}

async function send({ wire, request }: { wire: string; request: ProviderHttpRequest }): Promise<Response> {
  const base = `${server.url}${WIRE_CATALOG.find((entry) => entry.id === wire)!.mockBasePath}`;
  return fetch(`${base}${request.path}`, { method: 'POST', headers: request.headers, body: JSON.stringify(request.body) });
}

async function readStreamed({ wire, withTools }: { wire: string; withTools: boolean }) {
  const stream = getWireStream(wire)!;
  const response = await send({ wire, request: stream.requestStream(buildRequest({ wire, withTools }), TO_THE_MOCK) });
  expect(response.status).toBe(200);
  const frames = splitStreamText({ text: await response.text(), framing: stream.framing });
  const reader = stream.createReader();
  const views: StreamView[] = frames.map((frame) => {
    reader.feed(frame);
    return reader.view();
  });
  return { response, frames, views, reply: getWireAdapter(wire)!.readResponse({ body: reader.assemble() }) };
}

async function readWhole({ wire, withTools }: { wire: string; withTools: boolean }) {
  const response = await send({ wire, request: buildRequest({ wire, withTools }) });
  expect(response.status).toBe(200);
  return getWireAdapter(wire)!.readResponse({ body: await response.json() });
}

const essentials = (reply: Awaited<ReturnType<typeof readWhole>>) => ({
  calls: reply.toolCalls.map(({ id, name, arguments: args }) => ({ id, name, arguments: args })),
  text: reply.text,
  finishReason: reply.finishReason,
  model: reply.model,
});

describe('the mock streams', () => {
  it.each(WIRES)('%s: a tool call, reassembled by the host into the reply it gets whole', async (wire) => {
    const streamed = await readStreamed({ wire, withTools: true });
    expect(essentials(streamed.reply)).toEqual(essentials(await readWhole({ wire, withTools: true })));
    expect(streamed.reply.toolCalls).toHaveLength(1);
    expect(streamed.views.at(-1)!.ended).toBe(true);
    expect(streamed.response.headers.get('x-mock-reasoning')).toBeTruthy();
  });

  it.each(WIRES)('%s: an answer in text, reassembled the same way', async (wire) => {
    const streamed = await readStreamed({ wire, withTools: false });
    expect(essentials(streamed.reply)).toEqual(essentials(await readWhole({ wire, withTools: false })));
    expect(streamed.reply.text).toBeTruthy();
  });

  it.each(['openai-chat', 'openai-functions', 'openai-responses', 'anthropic'])(
    '%s: the arguments come in pieces cut inside the JSON, and parse only at the last',
    async (wire) => {
      const { views } = await readStreamed({ wire, withTools: true });
      const call = views.at(-1)!.calls[0]!;
      expect(call.arrival).toBe('fragments');
      expect(call.fragments).toBe(cutIntoPieces(call.argumentsText).length);
      expect(call.fragments).toBeGreaterThan(2);
      const parsedAt = call.parsedAtFrame!;
      expect(views[parsedAt]!.calls[0]!.argumentsText).toBe(call.argumentsText);
      expect(views[parsedAt - 1]!.calls[0]!.parsedAtFrame).toBeNull();
    },
  );

  it.each(['gemini', 'ollama'])('%s: the call comes whole, parsing in the frame it arrives in', async (wire) => {
    const { views } = await readStreamed({ wire, withTools: true });
    const call = views.at(-1)!.calls[0]!;
    expect(call).toMatchObject({ arrival: 'whole', fragments: 1, parsedAtFrame: call.firstFrame });
  });

  it('sends each frame in its own chunk, so the host can time its arrival', async () => {
    const stream = getWireStream('openai-chat')!;
    const response = await send({ wire: 'openai-chat', request: stream.requestStream(buildRequest({ wire: 'openai-chat', withTools: true }), TO_THE_MOCK) });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const chunks: string[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(new TextDecoder().decode(next.value));
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.every((chunk) => chunk.startsWith('data: ') && chunk.endsWith('\n\n'))).toBe(true);
    expect(chunks.at(-2)).toMatch(/"choices":\[\],"usage":\{/);
    expect(chunks.at(-1)).toBe('data: [DONE]\n\n');
  });

  it('refuses stream_options without a stream, as OpenAI does', async () => {
    const request = buildRequest({ wire: 'openai-chat', withTools: true });
    const response = await send({ wire: 'openai-chat', request: { ...request, body: { ...request.body, stream_options: { include_usage: true } } } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { param: 'stream_options' } });
  });

  it('streams Gemini only as SSE (alt=sse), as the Gemini SDKs ask', async () => {
    const request = getWireStream('gemini')!.requestStream(buildRequest({ wire: 'gemini', withTools: true }), TO_THE_MOCK);
    const response = await send({ wire: 'gemini', request: { ...request, path: request.path.replace('?alt=sse', '') } });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toMatch(/alt=sse/);
  });

  it('streams Ollama by default, as Ollama does', async () => {
    const request = buildRequest({ wire: 'ollama', withTools: true });
    const { stream: _stream, ...body } = request.body;
    const response = await send({ wire: 'ollama', request: { ...request, body } });
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    const lines = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.done)).toEqual([false, true]);
  });
});
