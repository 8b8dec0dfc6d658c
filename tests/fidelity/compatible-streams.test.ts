import { GoogleGenAI } from '@google/genai';
import { Ollama } from 'ollama';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAiChatAdapter } from '../../src/providers/openai-chat/openai-chat-adapter.ts';
import { createOpenAiChatStreamReader } from '../../src/providers/openai-chat/read-openai-chat-stream.ts';
import { createOpenAiResponsesStreamReader } from '../../src/providers/openai-responses/read-openai-responses-stream.ts';
import { readOpenAiResponsesResponse } from '../../src/providers/openai-responses/read-openai-responses-response.ts';
import { splitStreamText } from '../../src/providers/stream-frames.ts';
import type { StreamReader } from '../../src/providers/stream-reader.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import {
  joinSseEvents,
  readProviderFixture,
  splitLines,
  splitSseEvents,
  startBytesProvider,
  writeSseFromLines,
  type BytesProvider,
} from '../helpers/start-bytes-provider.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Streams as real providers and compatible servers send them, beyond the happy path: the
 * official SDK reads the same bytes as the host's reader, and they agree on the call, its
 * id and name, and the fields the next request needs; where the SDK knows nothing of a
 * server's own field, the test says why the host reads it as it does. The bytes are the
 * recorded streams (the SDKs' own where they keep one), changed only where the test says.
 */

const app = useServer();
let provider: BytesProvider;
beforeAll(async () => {
  provider = await startBytesProvider();
});
afterAll(async () => {
  await provider.close();
});

const KEY = 'test-key-not-secret';
const openAi = () => new OpenAI({ apiKey: KEY, baseURL: `${provider.url}/v1`, maxRetries: 0 });
const messages = [{ role: 'user' as const, content: QUESTION }];

/** The host's stream reader over an SSE body, as the recorder cuts it into frames. */
function readWithHost(reader: StreamReader, body: string): StreamReader {
  for (const frame of splitStreamText({ text: body, framing: 'sse' })) reader.feed(frame);
  return reader;
}

describe('Chat Completions from compatible servers', () => {
  it('a call whose later pieces repeat "id": "" and "name": "" keeps the id and name it came with, as the openai SDK keeps them', async () => {
    // openai-python's recorded call, with every piece after the first naming the call again, empty, as some compatible servers do.
    const events = splitSseEvents(readProviderFixture('openai-chat/__fixtures__/openai-python-tool-call.sse.txt')).map((event, index) =>
      index === 0 ? event : event.replace('"tool_calls":[{"index":0,"function":{', '"tool_calls":[{"index":0,"id":"","type":"function","function":{"name":"",'),
    );
    expect(events.filter((event) => event.includes('"id":"","type"'))).not.toHaveLength(0);
    const body = joinSseEvents(events);
    provider.answer({ contentType: 'text/event-stream', body });
    const final = await openAi().chat.completions.stream({ model: 'recorded', messages }).finalChatCompletion();
    const sdkCall = final.choices[0]!.message.tool_calls![0]!;

    const reply = openAiChatAdapter.readResponse({ body: readWithHost(createOpenAiChatStreamReader(), body).assemble() });
    expect(reply.toolCalls).toEqual([
      expect.objectContaining({
        id: sdkCall.id,
        name: sdkCall.type === 'function' ? sdkCall.function.name : '',
        arguments: '{"city":"San Francisco","state":"CA"}',
      }),
    ]);
    expect(reply.toolCalls[0]).toMatchObject({ id: 'call_CTf1nWJLqSeRgDqaCG27xZ74', name: 'get_weather' });
    const plan = openAiChatAdapter.convertToolCall({ call: reply.toolCalls[0]!, nameMap: {} });
    expect(plan.result).toEqual({ ok: true, params: { name: 'get_weather', arguments: { city: 'San Francisco', state: 'CA' } } });
  });

  it('DeepSeek’s reasoning_content (a recorded DeepSeek stream) is joined from its pieces and sent back with the tool-call turn, as the whole reply’s is', async () => {
    const lines = splitLines(readProviderFixture('openai-chat/__fixtures__/deepseek-tool-call.chunks.txt'));
    const body = joinSseEvents([...lines.map((line) => `data: ${line}`), 'data: [DONE]']);
    provider.answer({ contentType: 'text/event-stream', body });
    const final = await openAi().chat.completions.stream({ model: 'recorded', messages }).finalChatCompletion();
    // The openai SDK knows no reasoning_content: it keeps the last piece a chunk sent (here the final chunk's null). DeepSeek's
    // documentation joins the pieces, and refuses a tool-call turn sent back without them in thinking mode.
    expect((final.choices[0]!.message as unknown as Record<string, unknown>).reasoning_content).toBeNull();
    const joined = lines
      .map((line) => (JSON.parse(line) as { choices: { delta: { reasoning_content?: string | null } }[] }).choices[0]!.delta.reasoning_content ?? '')
      .join('');
    expect(joined).toBe('The user asks about the weather in San Francisco. I should use the weather tool.');

    const reply = openAiChatAdapter.readResponse({ body: readWithHost(createOpenAiChatStreamReader(), body).assemble() });
    expect(reply.toolCalls).toEqual([
      expect.objectContaining({ id: 'call_00_IhCAliIHtM9gKpgfqbBV9873', name: 'weather', arguments: '{"location": "San Francisco"}' }),
    ]);
    const appended = openAiChatAdapter.appendToolResults({
      conversation: [{ role: 'user', content: QUESTION }],
      reply,
      results: [{ call: reply.toolCalls[0]!, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Sunny, 18 °C' }] } } }],
    });
    expect(appended.result.conversation[1]).toMatchObject({
      role: 'assistant',
      reasoning_content: joined,
      tool_calls: [{ id: 'call_00_IhCAliIHtM9gKpgfqbBV9873' }],
    });
    expect(appended.warnings.map((warning) => warning.code)).toContain('assistant-field-echoed');
  });
});

describe('Responses from a server that sends its output only at the end', () => {
  it('a stream whose function_call is only in response.completed (the recorded stream without its item events) still yields the call, as the openai SDK takes that output', async () => {
    const lines = splitLines(readProviderFixture('openai-responses/__fixtures__/vercel-ai-reasoning-then-function-call.chunks.txt'));
    const kept = lines.filter((line) => /"type":"response\.(created|in_progress|completed)"/.test(line));
    expect(kept).toHaveLength(3);
    const body = writeSseFromLines(kept, { named: true });
    provider.answer({ contentType: 'text/event-stream', body });
    const final = await openAi().responses.stream({ model: 'recorded', input: QUESTION }).finalResponse();
    const sdkCalls = final.output.filter((item) => item.type === 'function_call');
    expect(sdkCalls).toHaveLength(1);

    const reader = readWithHost(createOpenAiResponsesStreamReader(), body);
    expect(reader.view()).toMatchObject({ ended: true, calls: [expect.objectContaining({ name: 'calculator' })] });
    const reply = readOpenAiResponsesResponse({ body: reader.assemble() });
    expect(reply.stop).toEqual({ outcome: 'finished' });
    expect(reply.toolCalls).toEqual(sdkCalls.map((call) => expect.objectContaining({ id: call.call_id, name: call.name, arguments: call.arguments })));
  });
});

describe('a Gemini prompt blocked in a stream', () => {
  it('a chunk with no candidate and promptFeedback.blockReason ends the stream (the SDK does not try to resume it) and the run ends blocked, as for the whole reply', async () => {
    // Gemini's reference: a blocked prompt gets no candidates, only promptFeedback.blockReason; streamed, that is its one chunk.
    const chunk = {
      promptFeedback: { blockReason: 'PROHIBITED_CONTENT' },
      usageMetadata: { promptTokenCount: 7, totalTokenCount: 7 },
      modelVersion: 'gemini-2.5-flash',
    };
    const bytes = { contentType: 'text/event-stream' as const, body: writeSseFromLines([JSON.stringify(chunk)], { named: false }) };
    provider.answer(bytes);
    const received = provider.received.length;
    const chunks = [];
    for await (const part of await new GoogleGenAI({ apiKey: KEY, httpOptions: { baseUrl: provider.url } }).models.generateContentStream({
      model: 'recorded',
      contents: QUESTION,
    }))
      chunks.push(part);
    expect(chunks.map((part) => part.promptFeedback?.blockReason)).toEqual(['PROHIBITED_CONTENT']);
    expect(provider.received.length - received).toBe(1);

    const trace = await createMockRun(app.url, {
      autoRelease: true,
      provider: { wire: 'gemini', kind: 'real', baseUrl: provider.url, model: 'recorded', stream: true },
    }).start();
    expect(trace.status).toBe('blocked');
    expect(trace.steps.at(-1)).toMatchObject({
      id: 'host.stopped',
      payload: { cause: 'prompt-blocked', stoppedBy: { field: 'promptFeedback.blockReason', value: 'PROHIBITED_CONTENT' } },
    });
    expect(trace.answer).toBeNull();
  });
});

describe('Ollama’s token limit after whole tool calls', () => {
  it('done_reason "length" after the documented call that came whole: the client reads a finished stream; the host ends truncated, saying the limit cut what came after the calls, not their arguments', async () => {
    const lines = splitLines(readProviderFixture('ollama/__fixtures__/ollama-docs-tool-call.ndjson'));
    const body = `${lines[0]}\n${lines[1]!.replace('"done_reason":"stop"', '"done_reason":"length"')}\n`;
    provider.answer({ contentType: 'application/x-ndjson', body });
    const parts = [];
    for await (const part of await new Ollama({ host: provider.url }).chat({ model: 'recorded', messages, stream: true })) parts.push(part);
    expect(parts.at(-1)).toMatchObject({ done: true, done_reason: 'length' });
    expect(parts.flatMap((part) => part.message.tool_calls ?? [])).toEqual([{ function: { name: 'get_weather', arguments: { city: 'Tokyo' } } }]);

    const trace = await createMockRun(app.url, {
      autoRelease: true,
      provider: { wire: 'ollama', kind: 'real', baseUrl: provider.url, model: 'recorded', stream: true },
    }).start();
    expect(trace.status).toBe('truncated');
    const stopped = trace.steps.at(-1)!;
    expect(stopped.payload).toMatchObject({ cause: 'token-limit-after-calls', stoppedBy: { field: 'done_reason', value: 'length' } });
    expect(stopped.fault?.what).toBe(
      'The token limit ended the reply after its tool calls had arrived whole (length): the calls are complete, but what the model would have written after them was cut, so the host runs nothing.',
    );
    expect(stopped.fault?.what).not.toContain('arguments are incomplete');
    expect(trace.steps.filter((step) => step.id === 'mcp.tools-call.request')).toHaveLength(0);
  });
});
