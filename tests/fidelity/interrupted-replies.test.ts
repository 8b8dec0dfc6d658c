import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { Ollama } from 'ollama';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../../src/lifecycle/provider-call.ts';
import type { Trace } from '../../src/trace/trace.ts';
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
  type ProviderBytes,
} from '../helpers/start-bytes-provider.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * A reply that did not finish arriving, in every wire format, streamed and whole: each
 * official SDK reads the same bytes as the host (a recorded reply from the SDK's own
 * repository, cut), and neither takes it for a whole reply. The host ends the run
 * interrupted, names the end it lacks and what had come, shows nothing as the answer and
 * calls no tool. Where an SDK reads a cut reply without complaint, the test says why the
 * host is right, from the provider's documentation.
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
const anthropic = () => new Anthropic({ apiKey: KEY, baseURL: provider.url, maxRetries: 0 });
const gemini = () => new GoogleGenAI({ apiKey: KEY, httpOptions: { baseUrl: provider.url } });
const ollama = () => new Ollama({ host: provider.url });
const messages = [{ role: 'user' as const, content: QUESTION }];

/** The host's whole run against the provider serving these bytes. */
async function runHost(wire: string, bytes: ProviderBytes): Promise<Trace> {
  provider.answer(bytes);
  const settings: ProviderSettings = {
    wire,
    kind: 'real',
    baseUrl: wire.startsWith('openai') ? `${provider.url}/v1` : provider.url,
    model: 'recorded',
    stream: bytes.contentType !== 'application/json',
  };
  return createMockRun(app.url, { autoRelease: true, provider: settings }).start();
}

/** The run ended interrupted on a reply step that says so, with no answer and no tool called. */
function expectInterrupted(trace: Trace) {
  expect(trace.status).toBe('interrupted');
  expect(trace.answer).toBeNull();
  expect(trace.steps.filter((step) => step.id === 'mcp.tools-call.request')).toHaveLength(0);
  expect(trace.steps.filter((step) => step.id === 'host.translate-tool-call')).toHaveLength(0);
  expect(trace.steps.at(-2)?.id).toBe('provider.response.stopped');
  const last = trace.steps.at(-1)!;
  expect(last.id).toBe('host.stopped');
  expect(last.title).toMatch(/^The run ends interrupted: /);
  return last.payload as {
    outcome: string;
    cause: string;
    stoppedBy: { field: string; value: string };
    partialAnswer?: string;
    arrived: { frames?: number; bytes?: number; text: string; calls: { name: string | null; argumentsText: string; complete: boolean }[]; error?: string };
  };
}

const sse = (body: string): ProviderBytes => ({ contentType: 'text/event-stream', body });

describe('a stream cut before its end marker', () => {
  it('Chat Completions, cut mid-arguments (openai-python’s recorded call): the SDK refuses it for its missing finish_reason; the host calls nothing', async () => {
    const events = splitSseEvents(readProviderFixture('openai-chat/__fixtures__/openai-python-tool-call.sse.txt'));
    const bytes = sse(joinSseEvents(events.slice(0, 4)));
    provider.answer(bytes);
    await expect(openAi().chat.completions.stream({ model: 'recorded', messages }).finalChatCompletion()).rejects.toThrow('missing finish_reason for choice 0');
    const stopped = expectInterrupted(await runHost('openai-chat', bytes));
    expect(stopped).toMatchObject({ cause: 'stream-cut', stoppedBy: { field: 'choices[0].finish_reason', value: 'missing' } });
    expect(stopped.arrived).toEqual({ frames: 4, text: '', calls: [{ name: 'get_weather', argumentsText: '{"city":"', complete: false }] });
  });

  it('Chat Completions, a text answer cut before its last chunk (openai-node’s recorded text): no answer, the words that came shown as part of a reply', async () => {
    const events = splitSseEvents(readProviderFixture('openai-chat/__fixtures__/openai-node-text.sse.txt'));
    const finish = events.findIndex((event) => /"finish_reason":"\w+"/.test(event));
    const bytes = sse(joinSseEvents(events.slice(0, finish)));
    provider.answer(bytes);
    await expect(openAi().chat.completions.stream({ model: 'recorded', messages }).finalChatCompletion()).rejects.toThrow('missing finish_reason');
    const trace = await runHost('openai-chat', bytes);
    const stopped = expectInterrupted(trace);
    expect(stopped.partialAnswer).toBe(stopped.arrived.text);
    expect(stopped.arrived.text.length).toBeGreaterThan(0);
    expect(trace.steps.at(-1)?.fault?.what).toBe('The OpenAI Chat Completions stream ended before the reply did: no choices[0].finish_reason arrived.');
  });

  it('Chat Completions, the connection broken mid-arguments: the SDK fails with a connection error; the host says the connection broke', async () => {
    const events = splitSseEvents(readProviderFixture('openai-chat/__fixtures__/openai-python-tool-call.sse.txt'));
    const bytes: ProviderBytes = { ...sse(joinSseEvents(events.slice(0, 4))), breakAfter: true };
    provider.answer(bytes);
    await expect(openAi().chat.completions.stream({ model: 'recorded', messages }).finalChatCompletion()).rejects.toThrow();
    const trace = await runHost('openai-chat', bytes);
    const stopped = expectInterrupted(trace);
    expect(stopped.arrived).toMatchObject({ frames: 4, error: expect.stringMatching(/terminated|reset|closed/i) });
    expect(trace.steps.at(-1)?.fault?.what).toMatch(
      /^The OpenAI Chat Completions stream broke off \(.+\) before the reply did: no choices\[0\]\.finish_reason arrived\.$/,
    );
  });

  it('Responses, cut mid-arguments (a recorded reasoning-then-call stream): the SDK’s final response is still in_progress; the host calls nothing', async () => {
    const lines = splitLines(readProviderFixture('openai-responses/__fixtures__/vercel-ai-reasoning-then-function-call.chunks.txt'));
    const cut = lines.findIndex((line) => line.includes('"response.function_call_arguments.delta"')) + 2;
    const bytes = sse(writeSseFromLines(lines.slice(0, cut), { named: true }));
    provider.answer(bytes);
    const final = await openAi().responses.stream({ model: 'recorded', input: QUESTION }).finalResponse();
    expect(final.status).toBe('in_progress');
    const stopped = expectInterrupted(await runHost('openai-responses', bytes));
    expect(stopped).toMatchObject({ cause: 'stream-cut', stoppedBy: { field: 'response.completed (or response.incomplete)' } });
    expect(stopped.arrived.calls).toEqual([{ name: 'calculator', argumentsText: expect.any(String), complete: false }]);
  });

  it('Anthropic, cut mid-input (the SDK’s recorded tool_use stream): the SDK’s finalMessage refuses it', async () => {
    const events = splitSseEvents(readProviderFixture('anthropic/__fixtures__/anthropic-sdk-tool-use.sse.txt'));
    const cut = events.findIndex((event) => event.includes('input_json_delta')) + 2;
    const bytes = sse(joinSseEvents(events.slice(0, cut)));
    provider.answer(bytes);
    await expect(anthropic().messages.stream({ model: 'recorded', max_tokens: 100, messages }).finalMessage()).rejects.toThrow(
      'stream ended without producing a Message with role=assistant',
    );
    const stopped = expectInterrupted(await runHost('anthropic', bytes));
    expect(stopped).toMatchObject({ cause: 'stream-cut', stoppedBy: { field: 'message_stop' } });
    expect(stopped.arrived.calls[0]).toMatchObject({ name: 'get_weather', complete: false });
  });

  it('Anthropic, everything but message_stop (stop_reason "tool_use" included): the SDK still has no message, and the host runs no tool', async () => {
    const events = splitSseEvents(readProviderFixture('anthropic/__fixtures__/anthropic-sdk-tool-use.sse.txt'));
    const bytes = sse(joinSseEvents(events.filter((event) => !event.includes('message_stop'))));
    provider.answer(bytes);
    await expect(anthropic().messages.stream({ model: 'recorded', max_tokens: 100, messages }).finalMessage()).rejects.toThrow(
      'stream ended without producing a Message',
    );
    const stopped = expectInterrupted(await runHost('anthropic', bytes));
    expect(stopped.arrived.calls).toEqual([{ name: 'get_weather', argumentsText: expect.stringContaining('Paris'), complete: true }]);
  });

  it('Gemini, the recorded text answer without its last chunk: no chunk the SDK yields has a finishReason (“the model has not stopped generating”)', async () => {
    const lines = splitLines(readProviderFixture('gemini/__fixtures__/js-genai-text-answer.chunks.txt'));
    const bytes = sse(writeSseFromLines(lines.slice(0, -1), { named: false }));
    provider.answer(bytes);
    const chunks = [];
    for await (const chunk of await gemini().models.generateContentStream({ model: 'recorded', contents: QUESTION })) chunks.push(chunk);
    expect(chunks.length).toBe(lines.length - 1);
    expect(chunks.every((chunk) => chunk.candidates?.[0]?.finishReason === undefined)).toBe(true);
    const stopped = expectInterrupted(await runHost('gemini', bytes));
    expect(stopped).toMatchObject({ cause: 'stream-cut', stoppedBy: { field: 'candidates[0].finishReason' } });
    expect(stopped.partialAnswer).toBe(chunks.map((chunk) => chunk.text).join(''));
  });

  it('Ollama, the documented tool call without its done: true line: the client refuses it; the host does not run the call that came whole', async () => {
    const lines = splitLines(readProviderFixture('ollama/__fixtures__/ollama-docs-tool-call.ndjson'));
    const bytes: ProviderBytes = { contentType: 'application/x-ndjson', body: `${lines[0]}\n` };
    provider.answer(bytes);
    const read = async () => {
      for await (const _part of await ollama().chat({ model: 'recorded', messages, stream: true }));
    };
    await expect(read()).rejects.toThrow('Did not receive done or success response in stream.');
    const stopped = expectInterrupted(await runHost('ollama', bytes));
    expect(stopped).toMatchObject({ cause: 'stream-cut', stoppedBy: { field: '"done": true' } });
    expect(stopped.arrived.calls).toEqual([{ name: 'get_weather', argumentsText: '{"city":"Tokyo"}', complete: true }]);
  });
});

describe('a whole reply cut in its body, or without the field that says it is over', () => {
  const json = (body: string, breakAfter?: boolean): ProviderBytes => ({ contentType: 'application/json', body, ...(breakAfter ? { breakAfter } : {}) });
  const parallelCalls = readProviderFixture('openai-chat/__fixtures__/parallel-calls.json');

  it('a body that stops mid-JSON (openai-python’s recorded two calls, halved): the SDK cannot parse it; the host names the cut, with its last characters', async () => {
    const half = parallelCalls.slice(0, Math.floor(parallelCalls.length / 2));
    provider.answer(json(half));
    await expect(openAi().chat.completions.create({ model: 'recorded', messages })).rejects.toThrow();
    const trace = await runHost('openai-chat', json(half));
    const stopped = expectInterrupted(trace);
    expect(stopped).toMatchObject({ cause: 'body-cut', arrived: { bytes: Buffer.byteLength(half), calls: [] } });
    expect(trace.steps.at(-1)?.fault?.why).toContain(half.slice(-40).replace(/\s+/g, ' ').trim());
  });

  it('a body whose connection breaks before its length is reached: the SDK fails; the host keeps what came and names the break', async () => {
    const half = parallelCalls.slice(0, Math.floor(parallelCalls.length / 2));
    provider.answer(json(half, true));
    await expect(openAi().chat.completions.create({ model: 'recorded', messages })).rejects.toThrow();
    const trace = await runHost('openai-chat', json(half, true));
    expect(expectInterrupted(trace)).toMatchObject({ cause: 'body-cut', arrived: { bytes: Buffer.byteLength(half), error: expect.any(String) } });
    expect(trace.steps.find((step) => step.id === 'provider.request')?.http?.responseBody).toBe(half);
  });

  // The SDKs do not check these fields on a whole reply; the providers document them as always set once a reply is over.
  it.each([
    {
      wire: 'openai-chat',
      // OpenAI's reference: finish_reason is required on every choice (the SDK's own type has no null).
      body: () => withField(parallelCalls, (reply) => ((reply.choices as Record<string, unknown>[])[0]!.finish_reason = null)),
      read: async () => (await openAi().chat.completions.create({ model: 'recorded', messages })).choices[0]!.finish_reason as unknown,
      field: 'choices[0].finish_reason',
      sdkSees: null,
    },
    {
      wire: 'anthropic',
      // Anthropic's reference: "In non-streaming mode this value is always non-null."
      body: () => withField(readProviderFixture('anthropic/__fixtures__/text-then-tool-use.json'), (reply) => (reply.stop_reason = null)),
      read: async () => (await anthropic().messages.create({ model: 'recorded', max_tokens: 100, messages })).stop_reason as unknown,
      field: 'stop_reason',
      sdkSees: null,
    },
    {
      wire: 'gemini',
      // Gemini's reference: "If empty, the model has not stopped generating tokens."
      body: () =>
        withField(
          readProviderFixture('gemini/__fixtures__/call-with-signature-no-id.json'),
          (reply) => delete (reply.candidates as Record<string, unknown>[])[0]!.finishReason,
        ),
      read: async () => (await gemini().models.generateContent({ model: 'recorded', contents: QUESTION })).candidates?.[0]?.finishReason as unknown,
      field: 'candidates[0].finishReason',
      sdkSees: undefined,
    },
    {
      wire: 'openai-responses',
      // A response still in_progress is one the model is still writing (Responses' status).
      body: () => withField(readProviderFixture('openai-responses/__fixtures__/reasoning-then-message.json'), (reply) => (reply.status = 'in_progress')),
      read: async () => (await openAi().responses.create({ model: 'recorded', input: QUESTION })).status as unknown,
      field: 'status',
      sdkSees: 'in_progress',
    },
  ])(
    '$wire: a recorded whole reply without $field: the SDK reads it as it is; the host ends interrupted, no tool run',
    async ({ wire, body, read, field, sdkSees }) => {
      provider.answer(json(body()));
      expect(await read()).toBe(sdkSees);
      const stopped = expectInterrupted(await runHost(wire, json(body())));
      expect(stopped).toMatchObject({ cause: 'stop-missing', stoppedBy: { field } });
    },
  );
});

/** A recorded JSON reply with one field changed. */
function withField(text: string, change: (reply: Record<string, unknown>) => unknown): string {
  const reply = JSON.parse(text) as Record<string, unknown>;
  change(reply);
  return JSON.stringify(reply);
}
