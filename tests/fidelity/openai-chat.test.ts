import OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
  ChatCompletionToolMessageParam,
} from 'openai/resources/chat/completions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { MOCK_MODEL_NAME } from '../../src/trace/mock-models.ts';
import { formatOpenAiChatToolCall } from '../../src/providers/openai-chat/convert-openai-chat-tool-call.ts';
import { convertToOpenAiChatToolMessages } from '../../src/providers/openai-chat/convert-to-openai-chat-tool-messages.ts';
import { openAiChatAdapter } from '../../src/providers/openai-chat/openai-chat-adapter.ts';
import { prepareOpenAiChatTools } from '../../src/providers/openai-chat/prepare-openai-chat-tools.ts';
import type { ToolRoundResult } from '../../src/providers/types.ts';
import { findCanonicalStep, runMockLifecycle } from '../helpers/create-mock-run.ts';
import { runRealProviderLifecycle } from '../helpers/run-real-provider.ts';
import { ADD_NUMBERS_TOOL, QUESTION } from '../helpers/fixtures.ts';
import { createRecordingFetch, type SeenRequest } from '../helpers/record-sdk-requests.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Chat Completions, the default format, against the official openai SDK: its request
 * types must accept what we build (checked by tsc), its client must talk to our mock as
 * to OpenAI (tool calls, parallel calls, a refusal, a cut-off, an error), and a whole run
 * of the host must carry this format's exact payloads.
 */

const server = useServer();
const MULTIPLY_TOOL = { ...ADD_NUMBERS_TOOL, name: 'multiply_numbers', description: 'Multiplies two numbers' };

describe('our shapes are the SDK types (checked by tsc)', () => {
  it('translation #1 gives ChatCompletionTool[], strict mode included', () => {
    const tools: ChatCompletionTool[] = prepareOpenAiChatTools({ tools: [ADD_NUMBERS_TOOL, { ...ADD_NUMBERS_TOOL, name: 'math.add' }], strict: true }).result
      .tools;
    expect(tools.map((tool) => tool.type === 'function' && tool.function.name)).toEqual(['add_numbers', 'math_add']);
  });

  it('translation #3 gives ChatCompletionToolMessageParam[], and the whole conversation is ChatCompletionMessageParam[]', () => {
    const call = formatOpenAiChatToolCall({ id: 'call_1', name: 'add_numbers', arguments: { a: 5, b: 7 } });
    const results: ToolRoundResult[] = [{ call, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }] } } }];
    const messages: ChatCompletionToolMessageParam[] = convertToOpenAiChatToolMessages({ results }).result;
    const reply = openAiChatAdapter.readResponse({
      body: { choices: [{ message: { role: 'assistant', content: null, tool_calls: [call.raw] }, finish_reason: 'tool_calls' }] },
    });
    const conversation: ChatCompletionMessageParam[] = openAiChatAdapter.appendToolResults({
      conversation: openAiChatAdapter.startConversation({ question: QUESTION }),
      reply,
      results,
    }).result.conversation;
    expect(messages).toEqual([{ role: 'tool', tool_call_id: 'call_1', content: 'Result: 12' }]);
    expect(conversation.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
  });
});

describe('the official SDK client against our mock', () => {
  function createClient(seen: SeenRequest[] = []): OpenAI {
    return new OpenAI({
      apiKey: 'test-key-not-secret',
      baseURL: `${server.url}${openAiChatAdapter.mockBasePath}`,
      maxRetries: 0,
      fetch: createRecordingFetch(seen),
    });
  }
  const tools = prepareOpenAiChatTools({ tools: [ADD_NUMBERS_TOOL, MULTIPLY_TOOL] }).result.tools;

  it('parses the tool call, takes our translation #3 back and parses the final answer', async () => {
    const seen: SeenRequest[] = [];
    const client = createClient(seen);
    const question = { role: 'user' as const, content: QUESTION };
    const first = await client.chat.completions.create({ model: MOCK_MODEL_NAME, messages: [question], tools });
    expect(seen[0]!.url).toBe(`${server.url}${openAiChatAdapter.mockBasePath}/chat/completions`);
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer test-key-not-secret');
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    expect(first.choices[0]!.message.tool_calls).toEqual([
      { id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'add_numbers', arguments: '{"a":5,"b":7}' } },
    ]);

    const reply = openAiChatAdapter.readResponse({ body: first });
    const plan = openAiChatAdapter.convertToolCall({ call: reply.toolCalls[0]!, nameMap: {} });
    expect(plan.result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });
    const results: ToolRoundResult[] = [
      { call: reply.toolCalls[0]!, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }] } } },
    ];
    const messages: ChatCompletionMessageParam[] = openAiChatAdapter.appendToolResults({ conversation: [question], reply, results }).result.conversation;

    const second = await client.chat.completions.create({ model: MOCK_MODEL_NAME, messages, tools });
    expect(second.choices[0]).toMatchObject({ finish_reason: 'stop', message: { role: 'assistant', content: '5 plus 7 is 12.', refusal: null } });
    expect(openAiChatAdapter.readResponse({ body: second })).toMatchObject({ text: '5 plus 7 is 12.', stop: { outcome: 'finished' } });
  });

  it('parses parallel calls, each with its own id, and our answers to both', async () => {
    const client = createClient();
    const question = { role: 'user' as const, content: 'What is 5 plus 7 and 3 times 4?' };
    const first = await client.chat.completions.create({ model: MOCK_MODEL_NAME, messages: [question], tools });
    const calls = first.choices[0]!.message.tool_calls!;
    expect(calls.map((call) => call.type === 'function' && call.function.name)).toEqual(['add_numbers', 'multiply_numbers']);
    expect(new Set(calls.map((call) => call.id)).size).toBe(2);
    const reply = openAiChatAdapter.readResponse({ body: first });
    // 5 + 7 and 3 × 4 are both 12.
    const results: ToolRoundResult[] = reply.toolCalls.map((call) => ({
      call,
      outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }] } },
    }));
    const messages: ChatCompletionMessageParam[] = openAiChatAdapter.appendToolResults({ conversation: [question], reply, results }).result.conversation;
    expect(messages.slice(2)).toEqual(calls.map((call) => ({ role: 'tool', tool_call_id: call.id, content: 'Result: 12' })));
    const second = await client.chat.completions.create({ model: MOCK_MODEL_NAME, messages, tools });
    expect(second.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: expect.stringContaining('12') } });
  });

  it('parses a refusal into message.refusal, which our reader names refused', async () => {
    const completion = await createClient().chat.completions.create({ model: 'mock-model-refusing', messages: [{ role: 'user', content: QUESTION }], tools });
    expect(completion.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: null, refusal: expect.stringContaining('can’t help') } });
    expect(openAiChatAdapter.readResponse({ body: completion }).stop).toMatchObject({ outcome: 'refused', cause: 'refusal' });
  });

  it('parses a reply cut off with finish_reason "length", which our reader names truncated', async () => {
    const client = createClient();
    const question = { role: 'user' as const, content: QUESTION };
    const first = await client.chat.completions.create({ model: 'mock-model-cut-off', messages: [question], tools });
    const reply = openAiChatAdapter.readResponse({ body: first });
    const results: ToolRoundResult[] = [
      { call: reply.toolCalls[0]!, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }] } } },
    ];
    const messages: ChatCompletionMessageParam[] = openAiChatAdapter.appendToolResults({ conversation: [question], reply, results }).result.conversation;
    const second: ChatCompletion = await client.chat.completions.create({ model: 'mock-model-cut-off', messages, tools });
    expect(second.choices[0]).toMatchObject({ finish_reason: 'length', message: { content: '5 plus' } });
    expect(openAiChatAdapter.readResponse({ body: second }).stop).toMatchObject({ outcome: 'truncated', cause: 'token-limit' });
  });

  it("turns the mock's errors into the SDK's BadRequestError, naming the parameter", async () => {
    const error = await createClient()
      .chat.completions.create({ model: MOCK_MODEL_NAME, messages: [] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).status).toBe(400);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('messages');
  });
});

describe.each(['2025-11-25', '2026-07-28'] as const)('the host engine speaking Chat Completions to the mock, in the %s era', (era) => {
  let trace: Trace;
  beforeAll(async () => {
    trace = await runMockLifecycle({ serverUrl: server.url, wire: 'openai-chat', era });
  });
  const step = (canonical: number): Step => findCanonicalStep(trace, canonical);

  it('completes with the answer', () => {
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
  });

  it('step 8 posts a ChatCompletionCreateParams body with the translated tools', () => {
    const body = step(8).payload as ChatCompletionCreateParamsNonStreaming;
    expect(body).toEqual({ model: MOCK_MODEL_NAME, messages: [{ role: 'user', content: QUESTION }], tools: step(7).translation!.output });
    expect(JSON.parse(step(8).http!.requestBody!)).toEqual(body);
  });

  it('steps 9 and 10 carry message.tool_calls with finish_reason "tool_calls"', () => {
    const completion = step(10).payload as ChatCompletion;
    expect(completion.choices[0]).toMatchObject({ finish_reason: 'tool_calls', message: { content: null, refusal: null } });
    expect(step(9).payload).toEqual(completion.choices[0]!.message.tool_calls);
  });

  it('step 18 echoes the assistant turn with its calls, then a { role: "tool", tool_call_id, content } message', () => {
    const { tool_calls: toolCalls } = (step(10).payload as ChatCompletion).choices[0]!.message;
    const body = step(18).payload as ChatCompletionCreateParamsNonStreaming;
    const result = { role: 'tool', tool_call_id: toolCalls![0]!.id, content: 'Result: 12' };
    expect(body.messages).toEqual([{ role: 'user', content: QUESTION }, { role: 'assistant', content: null, tool_calls: toolCalls }, result]);
    expect(step(18).translation).toMatchObject({ number: 3, output: [result] });
  });

  it('step 19 is the completion with the text and finish_reason "stop"', () => {
    expect(step(19).payload).toMatchObject({ object: 'chat.completion', choices: [{ finish_reason: 'stop', message: { content: '5 plus 7 is 12.' } }] });
  });
});

describe('the host engine against the real OpenAI API, Chat Completions', () => {
  it.skipIf(!process.env.OPENAI_API_KEY)(
    'answers "What is 5 plus 7?" with the tool',
    async () => {
      const trace = await runRealProviderLifecycle({
        serverUrl: server.url,
        provider: { wire: 'openai-chat', kind: 'real', baseUrl: openAiChatAdapter.defaultBaseUrl, model: 'gpt-4o-mini', apiKey: process.env.OPENAI_API_KEY },
      });
      expect(findCanonicalStep(trace, 10).payload).toMatchObject({ choices: [{ finish_reason: 'tool_calls' }] });
    },
    120_000,
  );
});
