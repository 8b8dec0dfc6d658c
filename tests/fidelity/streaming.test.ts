import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { Ollama } from 'ollama';
import { describe, expect, it } from 'vitest';
import { MOCK_MODEL_NAME } from '../../src/trace/mock-models.ts';
import { ANTHROPIC_MAX_TOKENS } from '../../src/providers/anthropic/anthropic-adapter.ts';
import { prepareAnthropicTools } from '../../src/providers/anthropic/prepare-anthropic-tools.ts';
import { prepareGeminiTools } from '../../src/providers/gemini/prepare-gemini-tools.ts';
import { prepareOpenAiChatTools } from '../../src/providers/openai-chat/prepare-openai-chat-tools.ts';
import { prepareOpenAiFunctionsTools } from '../../src/providers/openai-functions/prepare-openai-functions-tools.ts';
import { prepareOpenAiResponsesTools } from '../../src/providers/openai-responses/prepare-openai-responses-tools.ts';
import { prepareOllamaTools } from '../../src/providers/ollama/prepare-ollama-tools.ts';
import { createOllamaStreamReader } from '../../src/providers/ollama/read-ollama-stream.ts';
import { readOllamaResponse } from '../../src/providers/ollama/read-ollama-response.ts';
import { ANTHROPIC_API_VERSION } from '../../src/trace/provider-rules.ts';
import { ADD_NUMBERS_TOOL, MULTIPLY_NUMBERS_TOOL, QUESTION } from '../helpers/fixtures.ts';
import { findCanonicalStep, runLifecycle } from '../helpers/create-mock-run.ts';
import { createRecordingFetch, type SeenRequest } from '../helpers/record-sdk-requests.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The official SDKs' own streaming helpers consume the mock's streams: what each SDK
 * accumulates from the frames must be the reply the same request gets whole.
 */

const server = useServer();
const MULTIPLY_TOOL = { name: MULTIPLY_NUMBERS_TOOL.definition.name, description: 'Multiplies two numbers', inputSchema: ADD_NUMBERS_TOOL.inputSchema };
const TWO_CALLS = 'What is 5 plus 7 and 3 times 4?';

function openAi(path: string): OpenAI {
  return new OpenAI({ apiKey: 'test-key-not-secret', baseURL: `${server.url}${path}`, maxRetries: 0 });
}

describe('openai: Chat Completions', () => {
  const tools = prepareOpenAiChatTools({ tools: [ADD_NUMBERS_TOOL, MULTIPLY_TOOL] }).result.tools;

  it('create({ stream: true }) yields chunks whose tool-call pieces join into the whole reply’s calls, usage last', async () => {
    const client = openAi('/mock/openai/v1');
    const whole = await client.chat.completions.create({ model: MOCK_MODEL_NAME, messages: [{ role: 'user', content: TWO_CALLS }], tools });
    // The SDK asks for the usage chunk only when told to, as the host asks the mock (the test below).
    const stream = await client.chat.completions.create({
      model: MOCK_MODEL_NAME,
      messages: [{ role: 'user', content: TWO_CALLS }],
      tools,
      stream: true,
      stream_options: { include_usage: true },
    });
    const joined = new Map<number, { id?: string; name?: string; arguments: string }>();
    const chunks = [];
    for await (const chunk of stream) {
      chunks.push(chunk);
      for (const piece of chunk.choices[0]?.delta.tool_calls ?? []) {
        const call = joined.get(piece.index) ?? { arguments: '' };
        joined.set(piece.index, {
          id: piece.id ?? call.id,
          name: piece.function?.name ?? call.name,
          arguments: call.arguments + (piece.function?.arguments ?? ''),
        });
      }
    }
    expect([...joined.values()]).toEqual(
      whole.choices[0]!.message.tool_calls!.map((call) => ({
        id: call.id,
        name: call.type === 'function' ? call.function.name : '',
        arguments: call.type === 'function' ? call.function.arguments : '',
      })),
    );
    expect(joined.size).toBe(2);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: whole.usage });
    expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe('tool_calls');
  });

  it('chat.completions.stream() accumulates the same message, and reports each arguments piece and the parsed arguments', async () => {
    const client = openAi('/mock/openai/v1');
    const whole = await client.chat.completions.create({ model: MOCK_MODEL_NAME, messages: [{ role: 'user', content: QUESTION }], tools });
    const stream = client.chat.completions.stream({ model: MOCK_MODEL_NAME, messages: [{ role: 'user', content: QUESTION }], tools });
    const pieces: string[] = [];
    const done: unknown[] = [];
    stream.on('tool_calls.function.arguments.delta', (event) => pieces.push(event.arguments_delta));
    stream.on('tool_calls.function.arguments.done', (event) => done.push(event.parsed_arguments ?? JSON.parse(event.arguments)));
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]!.message.tool_calls).toEqual(whole.choices[0]!.message.tool_calls);
    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('')).toBe('{"a":5,"b":7}');
    expect(done).toEqual([{ a: 5, b: 7 }]);
  });

  it('legacy functions: the stream helper accumulates delta.function_call into the whole reply’s function_call', async () => {
    const client = openAi('/mock/openai-functions/v1');
    const functions = prepareOpenAiFunctionsTools({ tools: [ADD_NUMBERS_TOOL] }).result.tools;
    const whole = await client.chat.completions.create({ model: MOCK_MODEL_NAME, messages: [{ role: 'user', content: QUESTION }], functions });
    const final = await client.chat.completions
      .stream({ model: MOCK_MODEL_NAME, messages: [{ role: 'user', content: QUESTION }], functions })
      .finalChatCompletion();
    expect(final.choices[0]!.message.function_call).toEqual(whole.choices[0]!.message.function_call);
    expect(final.choices[0]!.finish_reason).toBe('function_call');
  });
});

describe('openai: what the host sends to stream Chat Completions, beside what the SDK sends', () => {
  /**
   * The openai SDK adds no stream_options by itself: create({ stream: true }) and its
   * stream() helper send exactly what they are given. The host chooses to ask for the usage
   * chunk where the format's documentation has the option (OpenAI's API, Azure OpenAI from
   * api-version 2024-08-01 and on v1, the mock: chat-stream-usage.ts), so that a reply put
   * back together from its frames carries the usage the whole reply carries. A compatible
   * server documents its own options, and some refuse one they do not know: it gets the
   * SDK's request exactly.
   */
  /** The body of the host's first streamed request (step 8), with the app's own tools as translation #1 gave them. */
  async function hostStreamedBody(kind: 'mock' | 'real'): Promise<ChatCompletionCreateParamsStreaming> {
    const trace = await runLifecycle({
      serverUrl: server.url,
      provider: { wire: 'openai-chat', kind, baseUrl: `${server.url}/mock/openai/v1`, model: MOCK_MODEL_NAME, stream: true },
    });
    expect(trace.status).toBe('complete');
    return findCanonicalStep(trace, 8).payload as ChatCompletionCreateParamsStreaming;
  }

  /** What the SDK sends for the same model, messages and tools, by create({ stream: true }) and by stream(). */
  async function sdkStreamedBodies({ model, messages, tools }: ChatCompletionCreateParamsStreaming): Promise<unknown[]> {
    const seen: SeenRequest[] = [];
    const client = new OpenAI({ apiKey: 'test-key-not-secret', baseURL: `${server.url}/mock/openai/v1`, maxRetries: 0, fetch: createRecordingFetch(seen) });
    for await (const _chunk of await client.chat.completions.create({ model, messages, ...(tools ? { tools } : {}), stream: true })) void _chunk;
    await client.chat.completions.stream({ model, messages, ...(tools ? { tools } : {}) }).finalChatCompletion();
    return seen.map((request) => JSON.parse(request.body ?? 'null'));
  }

  it('the SDK sends no stream_options, in create({ stream: true }) or in stream(); the host asks for the usage chunk where it is documented (here the mock)', async () => {
    const host = await hostStreamedBody('mock');
    const bodies = await sdkStreamedBodies(host);
    expect(bodies).toHaveLength(2);
    for (const body of bodies) expect(body).not.toHaveProperty('stream_options');
    const { stream_options: usage, ...rest } = host;
    expect(usage).toEqual({ include_usage: true });
    expect(bodies).toEqual([rest, rest]);
  });

  it('to a compatible server (the same endpoint, named as a server of the learner’s own) the host sends the SDK’s request exactly', async () => {
    const host = await hostStreamedBody('real');
    expect(host).not.toHaveProperty('stream_options');
    expect(await sdkStreamedBodies(host)).toEqual([host, host]);
  });
});

describe('openai: Responses', () => {
  it('responses.stream() accumulates the function_call item of the whole reply, from its delta events in sequence', async () => {
    const client = openAi('/mock/openai-responses/v1');
    const tools = prepareOpenAiResponsesTools({ tools: [ADD_NUMBERS_TOOL] }).result.tools;
    const input = [{ role: 'user' as const, content: QUESTION }];
    const whole = await client.responses.create({ model: MOCK_MODEL_NAME, input, tools });
    const stream = client.responses.stream({ model: MOCK_MODEL_NAME, input, tools });
    const sequence: number[] = [];
    const deltas: string[] = [];
    stream.on('event', (event) => sequence.push(event.sequence_number));
    stream.on('response.function_call_arguments.delta', (event) => deltas.push(event.delta));
    const final = await stream.finalResponse();
    const { created_at: _a, completed_at: _b, ...wholeRest } = whole;
    expect(final).toMatchObject({ ...wholeRest, output: whole.output });
    expect(sequence).toEqual(sequence.map((_number, index) => index));
    expect(deltas.join('')).toBe('{"a":5,"b":7}');
  });

  it('responses.stream() joins the text of an answer', async () => {
    const client = openAi('/mock/openai-responses/v1');
    const final = await client.responses.stream({ model: MOCK_MODEL_NAME, input: 'Hello' }).finalResponse();
    const whole = await client.responses.create({ model: MOCK_MODEL_NAME, input: 'Hello' });
    expect(final.output_text).toBe(whole.output_text);
    expect(final.output_text).not.toBe('');
  });
});

describe('@anthropic-ai/sdk', () => {
  it('messages.stream() accumulates the tool_use input from its input_json pieces into the whole reply’s content', async () => {
    const client = new Anthropic({
      apiKey: 'test-key-not-secret',
      baseURL: `${server.url}/mock/anthropic`,
      maxRetries: 0,
      defaultHeaders: { 'anthropic-version': ANTHROPIC_API_VERSION },
    });
    const tools = prepareAnthropicTools({ tools: [ADD_NUMBERS_TOOL, MULTIPLY_TOOL] }).result.tools;
    const messages = [{ role: 'user' as const, content: TWO_CALLS }];
    const whole = await client.messages.create({ model: MOCK_MODEL_NAME, max_tokens: ANTHROPIC_MAX_TOKENS, messages, tools });
    const stream = client.messages.stream({ model: MOCK_MODEL_NAME, max_tokens: ANTHROPIC_MAX_TOKENS, messages, tools });
    const snapshots: unknown[] = [];
    stream.on('inputJson', (_partial, snapshot) => snapshots.push(snapshot));
    const final = await stream.finalMessage();
    expect(final.content).toEqual(whole.content);
    expect(final).toMatchObject({ id: whole.id, stop_reason: 'tool_use', usage: { output_tokens: whole.usage.output_tokens } });
    expect(final.content.filter((block) => block.type === 'tool_use')).toHaveLength(2);
    expect(snapshots.length).toBeGreaterThan(4);
  });
});

describe('@google/genai', () => {
  it('generateContentStream() yields chunks with the functionCall whole, as generateContent gives it', async () => {
    const sent: string[] = [];
    const client = new GoogleGenAI({
      apiKey: 'test-key-not-secret',
      httpOptions: { baseUrl: `${server.url}/mock/gemini`, fetch: async (url, init) => (sent.push(String(url)), fetch(url, init)) },
    });
    const tools = prepareGeminiTools({ tools: [ADD_NUMBERS_TOOL] }).result.tools;
    const contents = [{ role: 'user', parts: [{ text: QUESTION }] }];
    const whole = await client.models.generateContent({ model: MOCK_MODEL_NAME, contents, config: { tools } });
    const calls = [];
    for await (const chunk of await client.models.generateContentStream({ model: MOCK_MODEL_NAME, contents, config: { tools } }))
      calls.push(...(chunk.functionCalls ?? []));
    expect(sent.at(-1)).toMatch(/:streamGenerateContent\?alt=sse$/);
    expect(calls).toEqual(whole.functionCalls);
  });

  it('generateContentStream() yields the text of an answer in pieces that join into the whole text', async () => {
    const client = new GoogleGenAI({ apiKey: 'test-key-not-secret', httpOptions: { baseUrl: `${server.url}/mock/gemini` } });
    const contents = [{ role: 'user', parts: [{ text: 'Hello' }] }];
    const whole = await client.models.generateContent({ model: MOCK_MODEL_NAME, contents });
    const texts: string[] = [];
    for await (const chunk of await client.models.generateContentStream({ model: MOCK_MODEL_NAME, contents })) texts.push(chunk.text ?? '');
    expect(texts.length).toBeGreaterThan(1);
    expect(texts.join('')).toBe(whole.text);
  });
});

describe('ollama (the official client)', () => {
  const tools = prepareOllamaTools({ tools: [ADD_NUMBERS_TOOL, MULTIPLY_TOOL] }).result.tools;
  // The client asks for NDJSON at {host}/api/chat, as it does of a real Ollama.
  const client = () => new Ollama({ host: `${server.url}/mock/ollama` });

  it('chat({ stream: true }) yields done: false parts with the tool calls whole, then done: true, and the calls are the whole reply’s', async () => {
    const messages = [{ role: 'user', content: TWO_CALLS }];
    const whole = await client().chat({ model: MOCK_MODEL_NAME, messages, tools, stream: false });
    const parts = [];
    for await (const part of await client().chat({ model: MOCK_MODEL_NAME, messages, tools, stream: true })) parts.push(part);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.slice(0, -1).every((part) => !part.done)).toBe(true);
    expect(parts.at(-1)).toMatchObject({ done: true, done_reason: 'stop' });
    const calls = parts.flatMap((part) => part.message.tool_calls ?? []);
    expect(calls).toEqual(whole.message.tool_calls);
    expect(calls.map((call) => call.function.name)).toEqual(['add_numbers', 'multiply_numbers']);
  });

  it('the text the client joins from the parts is the whole reply’s, and the host’s reader reassembles the same reply from the same lines', async () => {
    const messages = [{ role: 'user', content: 'Hello' }];
    const whole = await client().chat({ model: MOCK_MODEL_NAME, messages, stream: false });
    let joined = '';
    for await (const part of await client().chat({ model: MOCK_MODEL_NAME, messages, stream: true })) joined += part.message.content;
    expect(joined).toBe(whole.message.content);

    const response = await fetch(`${server.url}/mock/ollama/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: MOCK_MODEL_NAME, messages, stream: true }),
    });
    const reader = createOllamaStreamReader();
    for (const line of (await response.text()).split('\n').filter((line) => line.trim() !== '')) reader.feed({ data: line });
    expect(readOllamaResponse({ body: reader.assemble() }).text).toBe(joined);
  });
});
