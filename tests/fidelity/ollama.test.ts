import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { MOCK_MODEL_NAME } from '../../src/trace/mock-models.ts';
import { formatOllamaToolCall } from '../../src/providers/ollama/convert-ollama-tool-call.ts';
import { convertToOllamaToolMessages } from '../../src/providers/ollama/convert-to-ollama-tool-messages.ts';
import { ollamaAdapter } from '../../src/providers/ollama/ollama-adapter.ts';
import { prepareOllamaTools } from '../../src/providers/ollama/prepare-ollama-tools.ts';
import { OllamaChatResponseSchema, OllamaToolCallSchema, type OllamaChatResponse } from '../../src/providers/ollama/read-ollama-response.ts';
import type { ToolRoundResult } from '../../src/providers/types.ts';
import { OllamaChatRequestSchema, type OllamaChatRequest } from '../../server/mock-model/ollama-endpoint.ts';
import { findCanonicalStep, runMockLifecycle } from '../helpers/create-mock-run.ts';
import { runRealProviderLifecycle } from '../helpers/run-real-provider.ts';
import { ADD_NUMBERS_TOOL, QUESTION } from '../helpers/fixtures.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Our translations checked against our zod schemas of Ollama's /api/chat request and
 * response (by tsc and at run time), over real HTTP against the mock, and in a whole run
 * of the host; the official `ollama` client reads the mock's replies, whole and streamed,
 * in tests/fidelity/streaming.test.ts. With OLLAMA_HOST set, the same run goes to a real Ollama.
 */

type OllamaRequestInput = z.input<typeof OllamaChatRequestSchema>;
type OllamaRequestToolCall = NonNullable<Extract<OllamaRequestInput['messages'][number], { role: 'assistant' }>['tool_calls']>[number];

const server = useServer();

describe('our shapes are the /api/chat schemas (checked by tsc and by zod)', () => {
  it('translation #1 gives request tools, translation #3 request tool messages, the call a response tool call', () => {
    const tools: NonNullable<OllamaRequestInput['tools']> = prepareOllamaTools({ tools: [ADD_NUMBERS_TOOL, { ...ADD_NUMBERS_TOOL, name: 'math.add' }] }).result
      .tools;
    // The call as a response carries it is also what the assistant message sends back.
    const call: OllamaRequestToolCall = formatOllamaToolCall({ id: 'call_1', name: 'add_numbers', arguments: { a: 5, b: 7 } }).raw;
    const received: z.input<typeof OllamaToolCallSchema> = call;
    const results: ToolRoundResult[] = [
      {
        call: formatOllamaToolCall({ id: 'call_1', name: 'add_numbers', arguments: { a: 5, b: 7 } }),
        outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }], isError: true } },
      },
      { call: { name: 'add_numbers', arguments: '{}', raw: {} }, outcome: { type: 'host-error', message: 'The arguments must be an object.' } },
    ];
    const toolMessages: OllamaRequestInput['messages'] = convertToOllamaToolMessages({ results }).result;
    const body: OllamaRequestInput = {
      model: 'llama3.2',
      messages: [{ role: 'user', content: QUESTION }, { role: 'assistant', content: '', tool_calls: [call] }, ...toolMessages],
      tools,
      stream: false,
    };
    const parsed: OllamaChatRequest = OllamaChatRequestSchema.parse(body);
    expect(OllamaToolCallSchema.parse(received)).toEqual(call);
    expect(parsed.tools!.map((tool) => tool.function.name)).toEqual(['add_numbers', 'math.add']);
    expect(parsed.messages.slice(2)).toEqual([
      { role: 'tool', tool_name: 'add_numbers', content: 'Error (isError: true): Result: 12', tool_call_id: 'call_1' },
      { role: 'tool', tool_name: 'add_numbers', content: 'Error (no tool result): The arguments must be an object.' },
    ]);
  });

  it('the adapter builds a body the request schema accepts, with "stream": false', () => {
    const { tools } = prepareOllamaTools({ tools: [ADD_NUMBERS_TOOL] }).result;
    const request = ollamaAdapter.buildRequest({ model: 'llama3.2', conversation: ollamaAdapter.startConversation({ question: QUESTION }), tools });
    expect(OllamaChatRequestSchema.parse(request.body)).toEqual({ model: 'llama3.2', messages: [{ role: 'user', content: QUESTION }], tools, stream: false });
  });
});

describe('a real HTTP round trip with fetch against the mock', () => {
  async function send(body: Record<string, unknown>): Promise<OllamaChatResponse> {
    // Whatever the host sends must be a request Ollama's schema accepts.
    OllamaChatRequestSchema.parse(body);
    const response = await fetch(`${server.url}${ollamaAdapter.mockBasePath}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return OllamaChatResponseSchema.parse(await response.json());
  }

  it('reads the tool call, sends our translation #3 back and reads the final answer', async () => {
    const prepared = prepareOllamaTools({ tools: [ADD_NUMBERS_TOOL] }).result;
    const conversation = ollamaAdapter.startConversation({ question: QUESTION });

    const first = await send(ollamaAdapter.buildRequest({ model: MOCK_MODEL_NAME, conversation, tools: prepared.tools }).body);
    expect(first.done).toBe(true);
    const reply = ollamaAdapter.readResponse({ body: first });
    expect(reply.toolCalls).toEqual([
      { id: expect.stringMatching(/^call_/), name: 'add_numbers', arguments: { a: 5, b: 7 }, raw: first.message.tool_calls![0] },
    ]);
    const plan = ollamaAdapter.convertToolCall({ call: reply.toolCalls[0]!, nameMap: prepared.nameMap });
    expect(plan.result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });

    const results: ToolRoundResult[] = [
      { call: reply.toolCalls[0]!, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }] } } },
    ];
    const appended = ollamaAdapter.appendToolResults({ conversation, reply, results }).result;
    expect(appended.conversation).toEqual([...conversation, first.message, ...appended.messages]);
    const second = await send(ollamaAdapter.buildRequest({ model: MOCK_MODEL_NAME, conversation: appended.conversation, tools: prepared.tools }).body);
    expect(second.message.tool_calls).toBeUndefined();
    expect(ollamaAdapter.readResponse({ body: second }).text).toBe('5 plus 7 is 12.');
  });
});

describe.each(['2025-11-25', '2026-07-28'] as const)('the host engine speaking Ollama to the mock, in the %s era', (era) => {
  let trace: Trace;
  beforeAll(async () => {
    trace = await runMockLifecycle({ serverUrl: server.url, wire: 'ollama', era });
  });
  const step = (canonical: number): Step => findCanonicalStep(trace, canonical);
  const chatUrl = () => `${server.url}/mock/ollama/api/chat`;

  it('completes with the answer', () => {
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(trace.model).toEqual({ wire: 'ollama', kind: 'mock', name: MOCK_MODEL_NAME });
  });

  it('step 7 translates the tools into { type: "function", function: { name, description, parameters } }', () => {
    expect(step(7).translation!.output).toEqual([
      {
        type: 'function',
        function: { name: 'add_numbers', description: 'Adds two numbers', parameters: expect.objectContaining({ type: 'object', required: ['a', 'b'] }) },
      },
    ]);
    // The built-in tool's schema closes the object, which Ollama does not pass to the model.
    expect(step(7).translation!.warnings).toEqual([
      expect.objectContaining({ code: 'ollama-keyword-unread', path: 'tools[0].inputSchema.additionalProperties' }),
    ]);
  });

  it('step 8 posts to /api/chat with the tools and "stream": false', () => {
    const request = step(8);
    expect(request.http).toMatchObject({ method: 'POST', url: chatUrl(), status: 200 });
    const body = request.payload as OllamaChatRequest;
    expect(body).toEqual({ model: MOCK_MODEL_NAME, messages: [{ role: 'user', content: QUESTION }], tools: step(7).translation!.output, stream: false });
    expect(JSON.parse(request.http!.requestBody!)).toEqual(body);
  });

  it('steps 9 and 10 carry the tool call, arguments as an object, and done: true', () => {
    const response = step(10).payload as OllamaChatResponse;
    expect(response).toMatchObject({ done: true, done_reason: 'stop', message: { role: 'assistant', content: '' } });
    expect(response.message.tool_calls).toEqual([{ id: expect.any(String), function: { index: 0, name: 'add_numbers', arguments: { a: 5, b: 7 } } }]);
    expect(step(9).payload).toEqual(response.message.tool_calls);
  });

  it('step 11 translates the raw tool call into tools/call params', () => {
    const call = (step(10).payload as OllamaChatResponse).message.tool_calls![0]!;
    expect(step(11).translation).toMatchObject({ number: 2, input: call, output: { name: 'add_numbers', arguments: { a: 5, b: 7 } }, warnings: [] });
  });

  it('step 18 echoes the assistant message, then the role:"tool" message', () => {
    const assistant = (step(10).payload as OllamaChatResponse).message;
    const toolMessage = { role: 'tool', tool_name: 'add_numbers', content: 'Result: 12', tool_call_id: assistant.tool_calls![0]!.id };
    const body = step(18).payload as OllamaChatRequest;
    expect(body.messages).toEqual([{ role: 'user', content: QUESTION }, assistant, toolMessage]);
    expect(body.stream).toBe(false);
    expect(step(18).translation).toMatchObject({ number: 3, output: [toolMessage] });
    expect(step(18).http).toMatchObject({ url: chatUrl(), status: 200 });
  });

  it('step 19 is the reply with the answer in message.content', () => {
    expect(step(19).payload).toMatchObject({ done: true, message: { role: 'assistant', content: '5 plus 7 is 12.' } });
  });
});

describe('the host engine with several tool calls', () => {
  function runQuestion(question: string): Promise<Trace> {
    return runMockLifecycle({ serverUrl: server.url, wire: 'ollama', era: '2026-07-28', question });
  }

  it('answers two calls in one reply with two tool messages, in order, each with its tool_call_id', async () => {
    const trace = await runQuestion('What is 5 plus 7 and 1 plus 2?');
    expect(trace.answer).toBe('5 plus 7 is 12, and 1 plus 2 is 3.');
    const calls = (findCanonicalStep(trace, 10).payload as OllamaChatResponse).message.tool_calls!;
    expect(calls.map((call) => [call.function.index, call.function.arguments])).toEqual([
      [0, { a: 5, b: 7 }],
      [1, { a: 1, b: 2 }],
    ]);
    const body = findCanonicalStep(trace, 18).payload as OllamaChatRequest;
    expect(body.messages.slice(2)).toEqual([
      { role: 'tool', tool_name: 'add_numbers', content: 'Result: 12', tool_call_id: calls[0]!.id },
      { role: 'tool', tool_name: 'add_numbers', content: 'Result: 3', tool_call_id: calls[1]!.id },
    ]);
  });

  it('chains two rounds, the second call using the first result', async () => {
    const trace = await runQuestion('What is (1 plus 2) plus 3?');
    expect(trace.answer).toBe('(1 plus 2) plus 3 is 6.');
    const requests = trace.steps
      .filter((candidate) => candidate.id === 'host.translate-tool-result')
      .map((candidate) => candidate.payload as OllamaChatRequest);
    expect(requests.map((request) => request.messages.map((message) => message.role))).toEqual([
      ['user', 'assistant', 'tool'],
      ['user', 'assistant', 'tool', 'assistant', 'tool'],
    ]);
    expect(requests[1]!.messages[3]).toMatchObject({ tool_calls: [{ function: { name: 'add_numbers', arguments: { a: 3, b: 3 } } }] });
  });
});

/** OLLAMA_HOST is often written without a scheme ("127.0.0.1:11434"), as Ollama itself accepts. */
function readOllamaBaseUrl(host: string): string {
  return /^https?:\/\//.test(host) ? host : `http://${host}`;
}

describe('the host engine against a real Ollama', () => {
  it.skipIf(!process.env.OLLAMA_HOST)(
    'answers "What is 5 plus 7?" with the tool',
    async () => {
      await runRealProviderLifecycle({
        serverUrl: server.url,
        provider: {
          wire: 'ollama',
          kind: 'real',
          baseUrl: readOllamaBaseUrl(process.env.OLLAMA_HOST!),
          model: process.env.OLLAMA_MODEL ?? ollamaAdapter.defaultModel,
        },
        networkTimeoutMs: 120_000,
      });
    },
    300_000,
  );
});
