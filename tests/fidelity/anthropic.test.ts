import Anthropic from '@anthropic-ai/sdk';
import type {
  Message,
  MessageCreateParamsNonStreaming,
  MessageParam,
  Tool,
  ToolResultBlockParam,
  ToolUseBlock,
  ToolUseBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { anthropicAdapter, ANTHROPIC_MAX_TOKENS, type AnthropicUserTextMessage } from '../../src/providers/anthropic/anthropic-adapter.ts';
import { formatAnthropicToolCall } from '../../src/providers/anthropic/convert-anthropic-tool-call.ts';
import { convertToAnthropicToolResults } from '../../src/providers/anthropic/convert-to-anthropic-tool-results.ts';
import { prepareAnthropicTools } from '../../src/providers/anthropic/prepare-anthropic-tools.ts';
import { MOCK_MODEL_NAME } from '../../src/trace/mock-models.ts';
import type { ToolRoundResult } from '../../src/providers/types.ts';
import { buildAnthropicMessage } from '../../server/mock-model/anthropic-endpoint.ts';
import { addNumbers as addNumbersTool } from '../../server/mcp/tools-by-endpoint.ts';
import { findCanonicalStep, runMockLifecycle } from '../helpers/create-mock-run.ts';
import { runRealProviderLifecycle } from '../helpers/run-real-provider.ts';
import { ADD_NUMBERS_TOOL, MULTIPLY_NUMBERS_TOOL, ONE_PIXEL_PNG, QUESTION } from '../helpers/fixtures.ts';
import { createRecordingFetch, type SeenRequest } from '../helpers/record-sdk-requests.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Our Anthropic translations against the official SDK: its request types must accept
 * what we build (checked by tsc), its client must talk to our mock as to Anthropic, and
 * a whole run of the host must carry this format's exact payloads.
 */

const server = useServer();

describe('our shapes are the SDK request types (checked by tsc)', () => {
  it('translation #1 gives Tool[], translation #3 a MessageParam of ToolResultBlockParam, and the call a ToolUseBlockParam', () => {
    const tools: Tool[] = prepareAnthropicTools({ tools: [ADD_NUMBERS_TOOL, { ...ADD_NUMBERS_TOOL, name: 'math.add' }] }).result.tools;
    const results: ToolRoundResult[] = [
      {
        call: formatAnthropicToolCall({ id: 'toolu_1', name: 'add_numbers', arguments: { a: 5, b: 7 } }),
        outcome: {
          type: 'result',
          result: {
            content: [
              { type: 'text', text: 'Result: 12' },
              { type: 'image', data: ONE_PIXEL_PNG, mimeType: 'image/png' },
            ],
            isError: true,
          },
        },
      },
      { call: formatAnthropicToolCall({ id: 'toolu_2', name: 'add_numbers', arguments: {} }), outcome: { type: 'host-error', message: 'no such tool' } },
    ];
    const messages: MessageParam[] = convertToAnthropicToolResults({ results }).result;
    const blocks: ToolResultBlockParam[] = convertToAnthropicToolResults({ results }).result[0]!.content;
    const question: MessageParam = anthropicAdapter.startConversation({ question: QUESTION })[0] as AnthropicUserTextMessage;
    const call: ToolUseBlockParam = formatAnthropicToolCall({ id: 'toolu_1', name: 'add_numbers', arguments: { a: 5 } }).raw;
    const body = {
      model: 'claude-haiku-4-5',
      max_tokens: ANTHROPIC_MAX_TOKENS,
      messages: [question, ...messages],
      tools,
    } satisfies MessageCreateParamsNonStreaming;
    expect(tools.map((tool) => tool.name)).toEqual(['add_numbers', 'math_add']);
    expect(blocks.map((block) => block.is_error)).toEqual([true, true]);
    expect(blocks[0]!.content).toContainEqual({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: ONE_PIXEL_PNG } });
    expect(call.input).toEqual({ a: 5 });
    expect(body.messages).toHaveLength(2);
  });

  it('the mock answers with an SDK Message', () => {
    const request = { messages: [{ role: 'user' as const, content: QUESTION }], tools: [] };
    const toolUse: Message = buildAnthropicMessage({
      reply: { type: 'tool-calls', calls: [{ name: 'add_numbers', arguments: { a: 5, b: 7 } }], reasoning: '' },
      request,
    });
    const answer: Message = buildAnthropicMessage({ reply: { type: 'text', text: '5 plus 7 is 12.', reasoning: '' }, request });
    expect(toolUse.stop_reason).toBe('tool_use');
    expect(answer.stop_reason).toBe('end_turn');
  });

  it('the adapter builds the very body the SDK types accept, and Anthropic headers', () => {
    const tools = prepareAnthropicTools({ tools: [ADD_NUMBERS_TOOL] }).result.tools;
    const conversation = anthropicAdapter.startConversation({ question: QUESTION });
    const request = anthropicAdapter.buildRequest({ model: 'claude-haiku-4-5', apiKey: 'sk-ant-test', conversation, tools });
    const typed: MessageCreateParamsNonStreaming = {
      model: 'claude-haiku-4-5',
      max_tokens: ANTHROPIC_MAX_TOKENS,
      messages: [{ role: 'user', content: QUESTION }],
      tools,
    };
    expect(request.body).toEqual(typed);
    expect(request.headers).toMatchObject({
      'x-api-key': 'sk-ant-test',
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
    });
  });
});

describe('the official SDK client against our mock', () => {
  function createClient(seen: SeenRequest[]): Anthropic {
    return new Anthropic({
      apiKey: 'test-key-not-secret',
      // The SDK appends /v1/messages itself, so its base URL stops before /v1.
      baseURL: `${server.url}/mock/anthropic`,
      maxRetries: 0,
      fetch: createRecordingFetch(seen),
    });
  }

  it('parses the tool call, takes our translation #3 back and parses the final answer', async () => {
    const seen: SeenRequest[] = [];
    const client = createClient(seen);
    const tools = prepareAnthropicTools({ tools: [ADD_NUMBERS_TOOL] }).result.tools;
    const question: MessageParam = { role: 'user', content: QUESTION };

    const first = await client.messages.create({ model: MOCK_MODEL_NAME, max_tokens: ANTHROPIC_MAX_TOKENS, messages: [question], tools });
    expect(seen[0]!.url).toBe(`${server.url}/mock/anthropic/v1/messages`);
    // SDK 1.x speaks API version 2026-10-21 with a Bearer key; the adapter sends
    // 2023-06-01 and x-api-key, as the project's wire reference asks. The mock takes both.
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer test-key-not-secret');
    expect(seen[0]!.headers.get('anthropic-version')).toBe('2026-10-21');
    expect(first.stop_reason).toBe('tool_use');
    const toolUse = first.content.find((block): block is ToolUseBlock => block.type === 'tool_use')!;
    expect(toolUse).toMatchObject({ name: 'add_numbers', input: { a: 5, b: 7 } });

    const reply = anthropicAdapter.readResponse({ body: first });
    const plan = anthropicAdapter.convertToolCall({ call: reply.toolCalls[0]!, nameMap: { add_numbers: 'add_numbers' } });
    expect(plan.result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });
    const results: ToolRoundResult[] = [
      { call: reply.toolCalls[0]!, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }] } } },
    ];
    const toolResults: MessageParam[] = convertToAnthropicToolResults({ results }).result;
    const appended = anthropicAdapter.appendToolResults({ conversation: [{ role: 'user', content: QUESTION }], reply, results });
    const messages: MessageParam[] = [question, { role: 'assistant', content: first.content }, ...toolResults];
    expect(appended.result.conversation).toEqual(messages);

    const second = await client.messages.create({ model: MOCK_MODEL_NAME, max_tokens: ANTHROPIC_MAX_TOKENS, messages, tools });
    expect(second.stop_reason).toBe('end_turn');
    expect(second.content).toEqual([expect.objectContaining({ type: 'text', text: '5 plus 7 is 12.' })]);
    expect(anthropicAdapter.readResponse({ body: second }).text).toBe('5 plus 7 is 12.');
  });

  it('sends an image and an is_error result through the SDK, and the mock reads the error flag', async () => {
    const client = createClient([]);
    const tools = prepareAnthropicTools({ tools: [ADD_NUMBERS_TOOL] }).result.tools;
    const question: MessageParam = { role: 'user', content: QUESTION };
    const first = await client.messages.create({ model: MOCK_MODEL_NAME, max_tokens: ANTHROPIC_MAX_TOKENS, messages: [question], tools });
    const reply = anthropicAdapter.readResponse({ body: first });
    const result = {
      content: [
        { type: 'text' as const, text: 'a: expected number' },
        { type: 'image' as const, data: ONE_PIXEL_PNG, mimeType: 'image/png' },
      ],
      isError: true,
    };
    const toolResults: MessageParam[] = convertToAnthropicToolResults({ results: [{ call: reply.toolCalls[0]!, outcome: { type: 'result', result } }] }).result;
    const second = await client.messages.create({
      model: MOCK_MODEL_NAME,
      max_tokens: ANTHROPIC_MAX_TOKENS,
      messages: [question, { role: 'assistant', content: first.content }, ...toolResults],
      tools,
    });
    expect(second.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('reported an error') });
  });

  it("turns the mock's errors into the SDK's BadRequestError, with the request id", async () => {
    const client = createClient([]);
    const error = await client.messages
      .create({
        model: MOCK_MODEL_NAME,
        max_tokens: 10,
        messages: [{ role: 'user', content: QUESTION }],
        tools: [{ name: 'math.add', input_schema: { type: 'object' } }],
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    const badRequest = error as InstanceType<typeof Anthropic.BadRequestError>;
    expect(badRequest.status).toBe(400);
    expect(badRequest.type).toBe('invalid_request_error');
    expect(badRequest.apiMessage).toContain('tools.0.custom.name');
    expect(badRequest.requestID).toMatch(/^req_mock_/);
  });
});

describe.each(['2025-11-25', '2026-07-28'] as const)('the host engine speaking Anthropic to the mock, in the %s era', (era) => {
  let trace: Trace;
  beforeAll(async () => {
    trace = await runMockLifecycle({ serverUrl: server.url, wire: 'anthropic', era });
  });
  const step = (canonical: number): Step => findCanonicalStep(trace, canonical);

  it('completes with the answer', () => {
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(trace.model).toEqual({ wire: 'anthropic', kind: 'mock', name: MOCK_MODEL_NAME });
  });

  it('step 7 translates the tools into { name, description, input_schema }', () => {
    expect(step(7).translation!.output).toEqual([
      { name: 'add_numbers', description: 'Adds two numbers', input_schema: expect.objectContaining({ type: 'object', required: ['a', 'b'] }) },
    ]);
    expect(step(7).translation!.changes).toContainEqual(expect.objectContaining({ kind: 'renamed', from: '[0].inputSchema', to: '[0].input_schema' }));
  });

  it('step 8 posts to /messages with max_tokens, the tools and the Anthropic headers', () => {
    const request = step(8);
    expect(request.http).toMatchObject({ method: 'POST', url: `${server.url}/mock/anthropic/v1/messages`, status: 200 });
    expect(request.http!.requestHeaders).toMatchObject({ 'anthropic-version': '2023-06-01', 'anthropic-dangerous-direct-browser-access': 'true' });
    const body = request.payload as MessageCreateParamsNonStreaming;
    expect(body).toEqual({
      model: MOCK_MODEL_NAME,
      max_tokens: ANTHROPIC_MAX_TOKENS,
      messages: [{ role: 'user', content: QUESTION }],
      tools: step(7).translation!.output,
    });
    expect(JSON.parse(request.http!.requestBody!)).toEqual(body);
  });

  it('steps 9 and 10 carry the tool_use block and the Message with stop_reason "tool_use"', () => {
    const message = step(10).payload as Message;
    expect(message).toMatchObject({ type: 'message', role: 'assistant', stop_reason: 'tool_use' });
    expect(message.content).toEqual([expect.objectContaining({ type: 'tool_use', name: 'add_numbers', input: { a: 5, b: 7 } })]);
    expect(step(9).payload).toEqual(message.content);
  });

  it('step 11 translates the raw tool_use block into tools/call params', () => {
    const toolUse = (step(10).payload as Message).content[0]!;
    expect(step(11).translation).toMatchObject({ number: 2, input: toolUse, output: { name: 'add_numbers', arguments: { a: 5, b: 7 } }, warnings: [] });
  });

  it('step 18 echoes the assistant turn, then one user message with the tool_result', () => {
    const toolUse = (step(10).payload as Message).content[0] as ToolUseBlock;
    const body = step(18).payload as MessageCreateParamsNonStreaming;
    const toolResults = { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: [{ type: 'text', text: 'Result: 12' }] }] };
    expect(body.messages).toEqual([{ role: 'user', content: QUESTION }, { role: 'assistant', content: [toolUse] }, toolResults]);
    expect(step(18).translation).toMatchObject({ number: 3, output: [toolResults] });
    expect(step(18).http).toMatchObject({ url: `${server.url}/mock/anthropic/v1/messages`, status: 200 });
  });

  it('step 19 is the Message with the text and stop_reason "end_turn"', () => {
    const message = step(19).payload as Message;
    expect(message).toMatchObject({ type: 'message', stop_reason: 'end_turn', content: [{ type: 'text', text: '5 plus 7 is 12.' }] });
  });
});

describe('several tool calls with Anthropic', () => {
  const twoTools = useServer({ tools: [addNumbersTool, MULTIPLY_NUMBERS_TOOL] });
  function run(question: string): Promise<Trace> {
    return runMockLifecycle({ serverUrl: twoTools.url, wire: 'anthropic', era: '2025-11-25', question });
  }

  it('answers two tool_use blocks of one turn with one user message holding both tool_results, in order', async () => {
    const trace = await run('5 plus 7 and 3 times 4');
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12, and 3 times 4 is 12.');
    const toolUses = (findCanonicalStep(trace, 10).payload as Message).content as ToolUseBlock[];
    expect(toolUses.map((block) => block.name)).toEqual(['add_numbers', 'multiply_numbers']);
    const body = JSON.parse(
      trace.steps.find((candidate) => candidate.id === 'host.translate-tool-result')!.http!.requestBody!,
    ) as MessageCreateParamsNonStreaming;
    expect(body.messages).toHaveLength(3);
    const results = body.messages[2]!.content as ToolResultBlockParam[];
    expect(results.map((block) => [block.type, block.tool_use_id])).toEqual(toolUses.map((block) => ['tool_result', block.id]));
  });

  it('chains two rounds, each answered in the message right after its tool_use', async () => {
    const trace = await run('(5 plus 7) times 3');
    expect(trace.status).toBe('complete');
    expect(trace.answer).toContain('36');
    const last = trace.steps.filter((candidate) => candidate.id === 'host.translate-tool-result').at(-1)!;
    const body = JSON.parse(last.http!.requestBody!) as MessageCreateParamsNonStreaming;
    expect(body.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
  });
});

describe('the host engine against the real Anthropic API', () => {
  it.skipIf(!process.env.ANTHROPIC_API_KEY)(
    'answers "What is 5 plus 7?" with the tool',
    async () => {
      await runRealProviderLifecycle({
        serverUrl: server.url,
        provider: {
          wire: 'anthropic',
          kind: 'real',
          baseUrl: anthropicAdapter.defaultBaseUrl,
          model: 'claude-haiku-4-5',
          apiKey: process.env.ANTHROPIC_API_KEY,
        },
      });
    },
    120_000,
  );
});
