import OpenAI from 'openai';
import type {
  ChatCompletion,
  ChatCompletionAssistantMessageParam,
  ChatCompletionCreateParams,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionFunctionMessageParam,
  ChatCompletionMessage,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { MOCK_MODEL_NAME } from '../../src/trace/mock-models.ts';
import { formatOpenAiFunctionsToolCall } from '../../src/providers/openai-functions/convert-openai-functions-tool-call.ts';
import { convertToOpenAiFunctionsToolMessages } from '../../src/providers/openai-functions/convert-to-openai-functions-tool-messages.ts';
import { buildOpenAiFunctionsBody, openAiFunctionsAdapter } from '../../src/providers/openai-functions/openai-functions-adapter.ts';
import { prepareOpenAiFunctionsTools } from '../../src/providers/openai-functions/prepare-openai-functions-tools.ts';
import type { OpenAiFunctionsAssistantMessage } from '../../src/providers/openai-functions/read-openai-functions-response.ts';
import type { ToolRoundResult } from '../../src/providers/types.ts';
import { buildFunctionCallCompletion } from '../../server/mock-model/openai-chat-endpoint.ts';
import { findCanonicalStep, runMockLifecycle } from '../helpers/create-mock-run.ts';
import { runRealProviderLifecycle } from '../helpers/run-real-provider.ts';
import { ADD_NUMBERS_TOOL, QUESTION } from '../helpers/fixtures.ts';
import { createRecordingFetch, type SeenRequest } from '../helpers/record-sdk-requests.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Our legacy `functions` translations against the official openai SDK: its request types
 * must accept what we build (checked by tsc), its client must talk to our mock as to
 * OpenAI, and a whole run of the host must carry this format's exact payloads.
 */

const server = useServer();

describe('our shapes are the SDK types (checked by tsc)', () => {
  it('translation #1 gives ChatCompletionCreateParams.Function[], which has no strict field', () => {
    const functions: ChatCompletionCreateParams.Function[] = prepareOpenAiFunctionsTools({
      tools: [ADD_NUMBERS_TOOL, { ...ADD_NUMBERS_TOOL, name: 'math.add' }],
      strict: true,
    }).result.tools;
    expect(functions.map((entry) => entry.name)).toEqual(['add_numbers', 'math_add']);
    expect(functions.every((entry) => !('strict' in entry))).toBe(true);
  });

  it('translation #3 gives ChatCompletionFunctionMessageParam[], and the echoed turn is a ChatCompletionAssistantMessageParam', () => {
    const call = formatOpenAiFunctionsToolCall({ id: 'unused', name: 'add_numbers', arguments: { a: 5, b: 7 } });
    const functionCall: ChatCompletionMessage.FunctionCall = call.raw;
    const results: ToolRoundResult[] = [{ call, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }], isError: true } } }];
    const messages: ChatCompletionFunctionMessageParam[] = convertToOpenAiFunctionsToolMessages({ results }).result;
    const assistant: ChatCompletionAssistantMessageParam = openAiFunctionsAdapter.readResponse({
      body: { choices: [{ message: { role: 'assistant', content: null, function_call: functionCall }, finish_reason: 'function_call' }] },
    }).assistantMessage as OpenAiFunctionsAssistantMessage;
    expect(messages).toEqual([{ role: 'function', name: 'add_numbers', content: 'Error (isError: true): Result: 12' }]);
    expect(assistant.function_call).toEqual(functionCall);
  });

  it('the adapter builds a ChatCompletionCreateParamsNonStreaming, and the whole conversation is ChatCompletionMessageParam[]', () => {
    const functions = prepareOpenAiFunctionsTools({ tools: [ADD_NUMBERS_TOOL] }).result.tools;
    const reply = openAiFunctionsAdapter.readResponse({
      body: buildFunctionCallCompletion({
        reply: { type: 'tool-calls', calls: [{ name: 'add_numbers', arguments: { a: 5, b: 7 } }], reasoning: '' },
        messages: [],
        functions: [],
      }),
    });
    const appended = openAiFunctionsAdapter.appendToolResults({
      conversation: openAiFunctionsAdapter.startConversation({ question: QUESTION }),
      reply,
      results: [{ call: reply.toolCalls[0]!, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }] } } }],
    });
    const messages: ChatCompletionMessageParam[] = appended.result.conversation;
    const body: ChatCompletionCreateParamsNonStreaming = buildOpenAiFunctionsBody({ model: 'gpt-4o-mini', messages: appended.result.conversation, functions });
    expect(body.messages).toBe(messages);
    expect(openAiFunctionsAdapter.buildRequest({ model: 'gpt-4o-mini', conversation: appended.result.conversation, tools: functions }).body).toEqual(body);
    expect(body.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'function']);
  });

  it('the mock answers with an SDK ChatCompletion whose finish_reason is "function_call"', () => {
    const called: ChatCompletion = buildFunctionCallCompletion({
      reply: { type: 'tool-calls', calls: [{ name: 'add_numbers', arguments: { a: 5, b: 7 } }], reasoning: '' },
      messages: [],
      functions: [],
    });
    const answered: ChatCompletion = buildFunctionCallCompletion({
      reply: { type: 'text', text: '5 plus 7 is 12.', reasoning: '' },
      messages: [],
      functions: [],
    });
    expect(called.choices[0]).toMatchObject({
      finish_reason: 'function_call',
      message: { function_call: { name: 'add_numbers', arguments: '{"a":5,"b":7}' } },
    });
    expect(answered.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: '5 plus 7 is 12.' } });
  });
});

describe('the official SDK client against our mock', () => {
  function createClient(seen: SeenRequest[]): OpenAI {
    return new OpenAI({
      apiKey: 'test-key-not-secret',
      baseURL: `${server.url}${openAiFunctionsAdapter.mockBasePath}`,
      maxRetries: 0,
      fetch: createRecordingFetch(seen),
    });
  }

  it('parses the function_call, takes our translation #3 back and parses the final answer', async () => {
    const seen: SeenRequest[] = [];
    const client = createClient(seen);
    const functions = prepareOpenAiFunctionsTools({ tools: [ADD_NUMBERS_TOOL] }).result.tools;
    const question: ChatCompletionMessageParam = { role: 'user', content: QUESTION };

    const first = await client.chat.completions.create({ model: MOCK_MODEL_NAME, messages: [question], functions });
    expect(seen[0]!.url).toBe(`${server.url}/mock/openai-functions/v1/chat/completions`);
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer test-key-not-secret');
    expect(first.choices[0]!.finish_reason).toBe('function_call');
    expect(first.choices[0]!.message.function_call).toEqual({ name: 'add_numbers', arguments: '{"a":5,"b":7}' });
    expect(first.choices[0]!.message.tool_calls).toBeUndefined();

    const reply = openAiFunctionsAdapter.readResponse({ body: first });
    const plan = openAiFunctionsAdapter.convertToolCall({ call: reply.toolCalls[0]!, nameMap: { add_numbers: 'add_numbers' } });
    expect(plan.result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });
    const appended = openAiFunctionsAdapter.appendToolResults({
      conversation: [{ role: 'user', content: QUESTION }],
      reply,
      results: [{ call: reply.toolCalls[0]!, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }] } } }],
    });
    const messages: ChatCompletionMessageParam[] = appended.result.conversation;
    expect(messages).toEqual([
      question,
      { role: 'assistant', content: null, function_call: first.choices[0]!.message.function_call },
      { role: 'function', name: 'add_numbers', content: 'Result: 12' },
    ]);

    const second = await client.chat.completions.create({ model: MOCK_MODEL_NAME, messages, functions });
    expect(second.choices[0]).toMatchObject({ finish_reason: 'stop', message: { role: 'assistant', content: '5 plus 7 is 12.' } });
    expect(openAiFunctionsAdapter.readResponse({ body: second }).text).toBe('5 plus 7 is 12.');
  });

  it("turns the mock's errors into the SDK's BadRequestError", async () => {
    const client = createClient([]);
    const error = await client.chat.completions
      .create({
        model: MOCK_MODEL_NAME,
        messages: [{ role: 'user', content: QUESTION }],
        functions: prepareOpenAiFunctionsTools({ tools: [ADD_NUMBERS_TOOL] }).result.tools,
        function_call: { name: 'multiply' },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const badRequest = error as InstanceType<typeof OpenAI.BadRequestError>;
    expect(badRequest.status).toBe(400);
    expect(badRequest.param).toBe('function_call');
    expect(badRequest.message).toContain('"multiply"');
  });
});

describe.each(['2025-11-25', '2026-07-28'] as const)('the host engine speaking legacy functions to the mock, in the %s era', (era) => {
  let trace: Trace;
  beforeAll(async () => {
    trace = await runMockLifecycle({ serverUrl: server.url, wire: 'openai-functions', era });
  });
  const step = (canonical: number): Step => findCanonicalStep(trace, canonical);

  it('completes with the answer', () => {
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(trace.model).toEqual({ wire: 'openai-functions', kind: 'mock', name: MOCK_MODEL_NAME });
  });

  it('step 7 translates the tools into flat { name, description, parameters }', () => {
    expect(step(7).translation!.output).toEqual([
      { name: 'add_numbers', description: 'Adds two numbers', parameters: expect.objectContaining({ type: 'object', required: ['a', 'b'] }) },
    ]);
    expect(step(7).translation!.changes).toContainEqual(expect.objectContaining({ kind: 'renamed', from: '[0].inputSchema', to: '[0].parameters' }));
  });

  it('step 8 posts the question with "functions", not "tools"', () => {
    const request = step(8);
    expect(request.http).toMatchObject({ method: 'POST', url: `${server.url}/mock/openai-functions/v1/chat/completions`, status: 200 });
    const body = request.payload as ChatCompletionCreateParamsNonStreaming;
    expect(body).toEqual({ model: MOCK_MODEL_NAME, messages: [{ role: 'user', content: QUESTION }], functions: step(7).translation!.output });
    expect(JSON.parse(request.http!.requestBody!)).toEqual(body);
  });

  it('steps 9 and 10 carry message.function_call with finish_reason "function_call"', () => {
    const completion = step(10).payload as ChatCompletion;
    expect(completion.choices[0]).toMatchObject({
      finish_reason: 'function_call',
      message: { content: null, function_call: { name: 'add_numbers', arguments: '{"a":5,"b":7}' } },
    });
    expect(step(9).payload).toEqual([completion.choices[0]!.message.function_call]);
    expect(JSON.parse(step(10).http!.responseBody!)).toEqual(completion);
  });

  it('step 11 translates the raw function_call into tools/call params', () => {
    const functionCall = (step(10).payload as ChatCompletion).choices[0]!.message.function_call;
    expect(step(11).translation).toMatchObject({ number: 2, input: functionCall, output: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });
  });

  it('step 18 echoes the assistant turn, then a { role: "function", name, content } message', () => {
    const functionCall = (step(10).payload as ChatCompletion).choices[0]!.message.function_call;
    const body = step(18).payload as ChatCompletionCreateParamsNonStreaming;
    const result = { role: 'function', name: 'add_numbers', content: 'Result: 12' };
    expect(body.messages).toEqual([{ role: 'user', content: QUESTION }, { role: 'assistant', content: null, function_call: functionCall }, result]);
    expect(step(18).translation).toMatchObject({ number: 3, output: [result] });
    expect(step(18).http).toMatchObject({ url: `${server.url}/mock/openai-functions/v1/chat/completions`, status: 200 });
  });

  it('step 19 is the completion with the text and finish_reason "stop"', () => {
    expect(step(19).payload).toMatchObject({ object: 'chat.completion', choices: [{ finish_reason: 'stop', message: { content: '5 plus 7 is 12.' } }] });
  });
});

describe('the host engine against the real OpenAI API, legacy functions', () => {
  it.skipIf(!process.env.OPENAI_API_KEY)(
    'answers "What is 5 plus 7?" with the tool',
    async () => {
      const trace = await runRealProviderLifecycle({
        serverUrl: server.url,
        provider: {
          wire: 'openai-functions',
          kind: 'real',
          baseUrl: openAiFunctionsAdapter.defaultBaseUrl,
          model: 'gpt-4o-mini',
          apiKey: process.env.OPENAI_API_KEY,
        },
      });
      expect(findCanonicalStep(trace, 10).payload).toMatchObject({ choices: [{ finish_reason: 'function_call' }] });
    },
    120_000,
  );
});
