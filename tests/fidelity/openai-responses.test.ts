import OpenAI from 'openai';
import type {
  FunctionTool,
  Response,
  ResponseCreateParamsNonStreaming,
  ResponseFunctionToolCall,
  ResponseInput,
  ResponseInputItem,
} from 'openai/resources/responses/responses';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { MOCK_MODEL_NAME } from '../../src/trace/mock-models.ts';
import { formatOpenAiResponsesToolCall } from '../../src/providers/openai-responses/convert-openai-responses-tool-call.ts';
import { convertToOpenAiResponsesToolOutputs } from '../../src/providers/openai-responses/convert-to-openai-responses-tool-outputs.ts';
import { buildOpenAiResponsesBody, openAiResponsesAdapter } from '../../src/providers/openai-responses/openai-responses-adapter.ts';
import { prepareOpenAiResponsesTools } from '../../src/providers/openai-responses/prepare-openai-responses-tools.ts';
import type { ToolRoundResult } from '../../src/providers/types.ts';
import { buildOpenAiResponse } from '../../server/mock-model/openai-responses-endpoint.ts';
import { findCanonicalStep, runMockLifecycle } from '../helpers/create-mock-run.ts';
import { runRealProviderLifecycle } from '../helpers/run-real-provider.ts';
import { ADD_NUMBERS_TOOL, ONE_PIXEL_PNG, QUESTION } from '../helpers/fixtures.ts';
import { createRecordingFetch, type SeenRequest } from '../helpers/record-sdk-requests.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Our Responses API translations against the official openai SDK: its types must accept
 * what we build (checked by tsc), its client must talk to our mock as to OpenAI, and a
 * whole run of the host must carry this format's exact payloads.
 */

const question: ResponseInputItem = { role: 'user', content: QUESTION };

const server = useServer();

describe('our shapes are the SDK types (checked by tsc)', () => {
  it('translation #1 gives FunctionTool[], with strict always present and output_schema carried', () => {
    const outputSchema = { type: 'object' as const, properties: { sum: { type: 'number' } } };
    const tools: FunctionTool[] = prepareOpenAiResponsesTools({
      tools: [ADD_NUMBERS_TOOL, { ...ADD_NUMBERS_TOOL, name: 'math.add', outputSchema }],
      strict: true,
    }).result.tools;
    expect(tools.map((tool) => [tool.name, tool.strict])).toEqual([
      ['add_numbers', true],
      ['math_add', true],
    ]);
    expect(tools[1]!.output_schema).toEqual(outputSchema);
  });

  it('translation #3 gives ResponseInputItem.FunctionCallOutput[], images as input_image parts; a call is a ResponseFunctionToolCall', () => {
    const call: ResponseFunctionToolCall = formatOpenAiResponsesToolCall({ id: 'call_1', name: 'add_numbers', arguments: { a: 5, b: 7 } }).raw;
    const results: ToolRoundResult[] = [
      {
        call: formatOpenAiResponsesToolCall({ id: 'call_1', name: 'add_numbers', arguments: { a: 5, b: 7 } }),
        outcome: {
          type: 'result',
          result: {
            content: [
              { type: 'text', text: 'Result: 12' },
              { type: 'image', data: ONE_PIXEL_PNG, mimeType: 'image/png' },
            ],
          },
        },
      },
      { call: formatOpenAiResponsesToolCall({ id: 'call_2', name: 'add_numbers', arguments: {} }), outcome: { type: 'host-error', message: 'no such tool' } },
    ];
    const outputs: ResponseInputItem.FunctionCallOutput[] = convertToOpenAiResponsesToolOutputs({ results }).result;
    const input: ResponseInput = [question, call, ...outputs];
    const body: ResponseCreateParamsNonStreaming = {
      model: 'gpt-4o-mini',
      input,
      tools: prepareOpenAiResponsesTools({ tools: [ADD_NUMBERS_TOOL] }).result.tools,
    };
    expect(outputs[0]!.output).toEqual([
      { type: 'input_text', text: 'Result: 12' },
      { type: 'input_image', image_url: `data:image/png;base64,${ONE_PIXEL_PNG}` },
    ]);
    expect(outputs[1]!.output).toBe('Error (no tool result): no such tool');
    expect(body.input).toHaveLength(4);
  });

  it('the adapter builds the very body the SDK types accept', () => {
    const tools = prepareOpenAiResponsesTools({ tools: [ADD_NUMBERS_TOOL] }).result.tools;
    const request = openAiResponsesAdapter.buildRequest({
      model: 'gpt-4o-mini',
      apiKey: 'sk-test',
      conversation: openAiResponsesAdapter.startConversation({ question: QUESTION }),
      tools,
    });
    const typed: ResponseCreateParamsNonStreaming = { model: 'gpt-4o-mini', input: [question], tools };
    expect(request.body).toEqual(typed);
    expect(buildOpenAiResponsesBody({ model: 'gpt-4o-mini', input: [{ role: 'user', content: QUESTION }], tools })).toEqual(typed);
    expect(request.headers).toMatchObject({ authorization: 'Bearer sk-test' });
  });

  it('the mock answers with an SDK Response (all but output_text, which the SDK adds itself)', () => {
    const request = { model: MOCK_MODEL_NAME, input: QUESTION };
    const called: Omit<Response, 'output_text'> = buildOpenAiResponse({
      reply: { type: 'tool-calls', calls: [{ name: 'add_numbers', arguments: { a: 5, b: 7 } }], reasoning: '' },
      request,
    });
    const answered: Omit<Response, 'output_text'> = buildOpenAiResponse({ reply: { type: 'text', text: '5 plus 7 is 12.', reasoning: '' }, request });
    expect(called.output).toEqual([expect.objectContaining({ type: 'function_call', name: 'add_numbers', arguments: '{"a":5,"b":7}' })]);
    expect(answered.output).toEqual([
      expect.objectContaining({ type: 'message', content: [expect.objectContaining({ type: 'output_text', text: '5 plus 7 is 12.' })] }),
    ]);
    expect(answered).not.toHaveProperty('output_text');
  });
});

describe('the official SDK client against our mock', () => {
  function createClient(seen: SeenRequest[]): OpenAI {
    return new OpenAI({
      apiKey: 'test-key-not-secret',
      baseURL: `${server.url}${openAiResponsesAdapter.mockBasePath}`,
      maxRetries: 0,
      fetch: createRecordingFetch(seen),
    });
  }

  function functionCallsOf(response: Response): ResponseFunctionToolCall[] {
    return response.output.filter((item): item is ResponseFunctionToolCall => item.type === 'function_call');
  }

  it('parses the function_call item, takes our translation #3 back and parses the final answer', async () => {
    const seen: SeenRequest[] = [];
    const client = createClient(seen);
    const tools = prepareOpenAiResponsesTools({ tools: [ADD_NUMBERS_TOOL] }).result.tools;

    const first = await client.responses.create({ model: MOCK_MODEL_NAME, input: [question], tools });
    expect(seen[0]!.url).toBe(`${server.url}/mock/openai-responses/v1/responses`);
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer test-key-not-secret');
    const calls = functionCallsOf(first);
    expect(calls).toEqual([
      expect.objectContaining({ type: 'function_call', name: 'add_numbers', arguments: '{"a":5,"b":7}', call_id: expect.stringMatching(/^call_/) }),
    ]);
    expect(first.output_text).toBe('');

    const reply = openAiResponsesAdapter.readResponse({ body: first });
    const plan = openAiResponsesAdapter.convertToolCall({ call: reply.toolCalls[0]!, nameMap: { add_numbers: 'add_numbers' } });
    expect(plan.result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });
    const results: ToolRoundResult[] = [
      { call: reply.toolCalls[0]!, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }] } } },
    ];
    const outputs: ResponseInputItem.FunctionCallOutput[] = convertToOpenAiResponsesToolOutputs({ results }).result;
    const input: ResponseInput = [question, ...calls, ...outputs];
    const appended = openAiResponsesAdapter.appendToolResults({ conversation: [{ role: 'user', content: QUESTION }], reply, results });
    expect(appended.result.conversation).toEqual(input);

    const second = await client.responses.create({ model: MOCK_MODEL_NAME, input, tools });
    expect(second.output_text).toBe('5 plus 7 is 12.');
    expect(openAiResponsesAdapter.readResponse({ body: second }).text).toBe('5 plus 7 is 12.');
  });

  it('carries an image in the function output through the SDK, and the mock still reads the text', async () => {
    const client = createClient([]);
    const tools = prepareOpenAiResponsesTools({ tools: [ADD_NUMBERS_TOOL] }).result.tools;
    const first = await client.responses.create({ model: MOCK_MODEL_NAME, input: [question], tools });
    const reply = openAiResponsesAdapter.readResponse({ body: first });
    const result = {
      content: [
        { type: 'text' as const, text: 'Result: 12' },
        { type: 'image' as const, data: ONE_PIXEL_PNG, mimeType: 'image/png' },
      ],
    };
    const outputs: ResponseInputItem.FunctionCallOutput[] = convertToOpenAiResponsesToolOutputs({
      results: [{ call: reply.toolCalls[0]!, outcome: { type: 'result', result } }],
    }).result;
    const second = await client.responses.create({ model: MOCK_MODEL_NAME, input: [question, ...functionCallsOf(first), ...outputs], tools });
    expect(second.output_text).toBe('5 plus 7 is 12.');
  });

  it("turns the mock's errors into the SDK's BadRequestError, with the faulty field", async () => {
    const client = createClient([]);
    const error = await client.responses
      .create({ model: MOCK_MODEL_NAME, input: [question, { type: 'function_call_output', call_id: 'call_never_made', output: 'Result: 12' }] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const badRequest = error as InstanceType<typeof OpenAI.BadRequestError>;
    expect(badRequest.status).toBe(400);
    expect(badRequest.param).toBe('input[1].call_id');
    expect(badRequest.message).toContain('call_never_made');
  });
});

describe.each(['2025-11-25', '2026-07-28'] as const)('the host engine speaking the Responses API to the mock, in the %s era', (era) => {
  let trace: Trace;
  beforeAll(async () => {
    trace = await runMockLifecycle({ serverUrl: server.url, wire: 'openai-responses', era });
  });
  const step = (canonical: number): Step => findCanonicalStep(trace, canonical);

  it('completes with the answer', () => {
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(trace.model).toEqual({ wire: 'openai-responses', kind: 'mock', name: MOCK_MODEL_NAME });
  });

  it('step 7 translates the tools into flat function tools with strict: false', () => {
    expect(step(7).translation!.output).toEqual([
      {
        type: 'function',
        name: 'add_numbers',
        description: 'Adds two numbers',
        parameters: expect.objectContaining({ type: 'object', required: ['a', 'b'] }),
        strict: false,
      },
    ]);
    expect(step(7).translation!.changes).toContainEqual(expect.objectContaining({ kind: 'added', to: '[0].strict' }));
  });

  it('step 8 posts the question as input items and the tools to /responses', () => {
    const request = step(8);
    expect(request.http).toMatchObject({ method: 'POST', url: `${server.url}/mock/openai-responses/v1/responses`, status: 200 });
    const body = request.payload as ResponseCreateParamsNonStreaming;
    expect(body).toEqual({ model: MOCK_MODEL_NAME, input: [{ role: 'user', content: QUESTION }], tools: step(7).translation!.output });
    expect(JSON.parse(request.http!.requestBody!)).toEqual(body);
  });

  it('steps 9 and 10 carry the function_call output item of a Response', () => {
    const response = step(10).payload as Response;
    expect(response).toMatchObject({ object: 'response', status: 'completed' });
    expect(response.output).toEqual([expect.objectContaining({ type: 'function_call', name: 'add_numbers', arguments: '{"a":5,"b":7}' })]);
    expect(step(9).payload).toEqual(response.output);
    expect(JSON.parse(step(10).http!.responseBody!)).toEqual(response);
  });

  it('step 11 translates the raw function_call item into tools/call params', () => {
    const item = (step(10).payload as Response).output[0];
    expect(step(11).translation).toMatchObject({ number: 2, input: item, output: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });
  });

  it('step 18 echoes the function_call item, then a function_call_output with the same call_id', () => {
    const item = (step(10).payload as Response).output[0] as ResponseFunctionToolCall;
    const body = step(18).payload as ResponseCreateParamsNonStreaming;
    const output = { type: 'function_call_output', call_id: item.call_id, output: 'Result: 12' };
    expect(body.input).toEqual([{ role: 'user', content: QUESTION }, item, output]);
    expect(step(18).translation).toMatchObject({ number: 3, output: [output] });
    expect(step(18).http).toMatchObject({ url: `${server.url}/mock/openai-responses/v1/responses`, status: 200 });
  });

  it('step 19 is the Response with a message item holding the output_text', () => {
    const response = step(19).payload as Response;
    expect(response.output).toEqual([
      expect.objectContaining({ type: 'message', role: 'assistant', content: [expect.objectContaining({ type: 'output_text', text: '5 plus 7 is 12.' })] }),
    ]);
  });
});

describe('the host engine in strict mode', () => {
  it('sends strict: true with the schema rewritten for it, and still completes', async () => {
    const trace = await runMockLifecycle({ serverUrl: server.url, wire: 'openai-responses', era: '2026-07-28', strict: true });
    expect(trace.answer).toBe('5 plus 7 is 12.');
    const tools = (findCanonicalStep(trace, 8).payload as ResponseCreateParamsNonStreaming).tools as FunctionTool[];
    expect(tools[0]).toMatchObject({ strict: true, parameters: { additionalProperties: false, required: ['a', 'b'] } });
  });
});

describe('the host engine against the real OpenAI Responses API', () => {
  it.skipIf(!process.env.OPENAI_API_KEY)(
    'answers "What is 5 plus 7?" with the tool',
    async () => {
      const trace = await runRealProviderLifecycle({
        serverUrl: server.url,
        provider: {
          wire: 'openai-responses',
          kind: 'real',
          baseUrl: openAiResponsesAdapter.defaultBaseUrl,
          model: 'gpt-4o-mini',
          apiKey: process.env.OPENAI_API_KEY,
          strict: true,
        },
      });
      expect(findCanonicalStep(trace, 11).translation!.input).toMatchObject({ type: 'function_call', call_id: expect.any(String) });
    },
    120_000,
  );
});
