import {
  ApiError,
  GoogleGenAI,
  type Content,
  type FunctionDeclaration,
  type FunctionResponse,
  type GenerateContentParameters,
  type GenerateContentResponse,
  type Part,
  type Tool,
} from '@google/genai';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { formatGeminiToolCall } from '../../src/providers/gemini/convert-gemini-tool-call.ts';
import { convertToGeminiFunctionResponses } from '../../src/providers/gemini/convert-to-gemini-function-responses.ts';
import { geminiAdapter } from '../../src/providers/gemini/gemini-adapter.ts';
import { prepareGeminiTools } from '../../src/providers/gemini/prepare-gemini-tools.ts';
import { MOCK_MODEL_NAME } from '../../src/trace/mock-models.ts';
import type { McpTool, ToolRoundResult } from '../../src/providers/types.ts';
import { findCanonicalStep, runMockLifecycle } from '../helpers/create-mock-run.ts';
import { runRealProviderLifecycle } from '../helpers/run-real-provider.ts';
import { ADD_NUMBERS_TOOL, ONE_PIXEL_PNG, QUESTION } from '../helpers/fixtures.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Our Gemini translations against the official @google/genai SDK: its types must accept
 * what we build (checked by tsc), its client must talk to our mock as to Google, and a
 * whole run of the host must carry this format's exact payloads.
 */

// Closed, as the built-in server's add_numbers is: Gemini's parametersJsonSchema keeps additionalProperties.
const addNumbers: McpTool = { ...ADD_NUMBERS_TOOL, inputSchema: { ...ADD_NUMBERS_TOOL.inputSchema, additionalProperties: false } };

const server = useServer();

describe('our shapes are the SDK types (checked by tsc)', () => {
  it('translation #1 gives Tool[] of FunctionDeclaration, translation #3 Content[] of FunctionResponse parts', () => {
    const outputSchema = { type: 'object' as const, properties: { sum: { type: 'number' } } };
    const tools: Tool[] = prepareGeminiTools({ tools: [addNumbers, { ...addNumbers, name: 'add numbers', outputSchema }] }).result.tools;
    const declarations: FunctionDeclaration[] = tools[0]!.functionDeclarations!;
    const call: Part = formatGeminiToolCall({ id: 'call_1', name: 'add_numbers', arguments: { a: 5, b: 7 } }).raw;
    const results: ToolRoundResult[] = [
      {
        call: formatGeminiToolCall({ id: 'call_1', name: 'add_numbers', arguments: { a: 5, b: 7 } }),
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
      {
        call: formatGeminiToolCall({ id: 'call_2', name: 'add_numbers', arguments: {} }),
        outcome: { type: 'result', result: { content: [{ type: 'text', text: 'bad' }], isError: true } },
      },
      { call: formatGeminiToolCall({ id: 'call_3', name: 'add_numbers', arguments: {} }), outcome: { type: 'host-error', message: 'no such tool' } },
    ];
    const answers: Content[] = convertToGeminiFunctionResponses({ results }).result;
    const responses: FunctionResponse[] = answers[0]!.parts!.map((part) => part.functionResponse!);
    const conversation: Content[] = geminiAdapter.startConversation({ question: QUESTION });
    const parameters: GenerateContentParameters = {
      model: 'gemini-2.5-flash',
      contents: [...conversation, { role: 'model', parts: [call] }, ...answers],
      config: { tools },
    };

    expect(declarations.map((declaration) => declaration.name)).toEqual(['add_numbers', 'add_numbers_2']);
    expect(declarations[1]!.responseJsonSchema).toEqual(outputSchema);
    expect(responses.map((response) => Object.keys(response.response!))).toEqual([['output'], ['error'], ['error']]);
    expect(responses[0]!.parts).toEqual([{ inlineData: { mimeType: 'image/png', data: ONE_PIXEL_PNG } }]);
    expect(parameters.contents).toHaveLength(3);
  });

  it('the adapter builds the REST body the SDK sends for the same parameters', async () => {
    const tools = prepareGeminiTools({ tools: [addNumbers] }).result.tools;
    const conversation = geminiAdapter.startConversation({ question: QUESTION });
    const request = geminiAdapter.buildRequest({ model: 'gemini-2.5-flash', apiKey: 'test-key', conversation, tools });
    const sent: { url: string; body: unknown; key: string | null }[] = [];
    const client = new GoogleGenAI({
      apiKey: 'test-key',
      httpOptions: {
        baseUrl: `${server.url}/mock/gemini`,
        fetch: async (url, init) => {
          sent.push({ url: String(url), body: JSON.parse(String(init?.body)), key: new Headers(init?.headers).get('x-goog-api-key') });
          return fetch(url, init);
        },
      },
    });
    await client.models.generateContent({ model: 'gemini-2.5-flash', contents: conversation, config: { tools } });
    expect(sent[0]!.url).toBe(`${server.url}/mock/gemini/v1beta${request.path}`);
    // The SDK adds an empty generationConfig; everything else is the same body.
    const { generationConfig, ...body } = sent[0]!.body as Record<string, unknown>;
    expect(generationConfig).toEqual({});
    expect(body).toEqual(request.body);
    expect(sent[0]!.key).toBe(request.headers['x-goog-api-key']);
  });
});

describe('the official SDK client against our mock', () => {
  function createClient(): GoogleGenAI {
    // The SDK appends /v1beta/models/{model}:generateContent to this base URL itself.
    return new GoogleGenAI({ apiKey: 'test-key-not-secret', httpOptions: { baseUrl: `${server.url}/mock/gemini` } });
  }

  it('parses the function call, takes our translation #3 back and parses the final answer', async () => {
    const client = createClient();
    const prepared = prepareGeminiTools({ tools: [addNumbers] }).result;
    const question: Content[] = geminiAdapter.startConversation({ question: QUESTION });

    const first: GenerateContentResponse = await client.models.generateContent({
      model: MOCK_MODEL_NAME,
      contents: question,
      config: { tools: prepared.tools },
    });
    // As current models answer: no id, and a thought signature on the part, which the echo below must keep.
    expect(first.functionCalls).toEqual([{ name: 'add_numbers', args: { a: 5, b: 7 } }]);
    expect(first.candidates![0]!.content!.parts![0]!.thoughtSignature).toEqual(expect.any(String));
    expect(first.candidates![0]!.finishReason).toBe('STOP');

    const reply = geminiAdapter.readResponse({ body: first });
    const plan = geminiAdapter.convertToolCall({ call: reply.toolCalls[0]!, nameMap: prepared.nameMap });
    expect(plan.result).toEqual({ ok: true, params: { name: 'add_numbers', arguments: { a: 5, b: 7 } } });
    const results: ToolRoundResult[] = [
      { call: reply.toolCalls[0]!, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }] } } },
    ];
    const contents: Content[] = geminiAdapter.appendToolResults({ conversation: geminiAdapter.startConversation({ question: QUESTION }), reply, results })
      .result.conversation;
    expect(contents).toEqual([...question, first.candidates![0]!.content, ...convertToGeminiFunctionResponses({ results }).result]);

    const second = await client.models.generateContent({ model: MOCK_MODEL_NAME, contents, config: { tools: prepared.tools } });
    expect(second.functionCalls).toBeUndefined();
    expect(second.text).toBe('5 plus 7 is 12.');
    expect(geminiAdapter.readResponse({ body: second }).text).toBe('5 plus 7 is 12.');
  });

  it('sends a response.error and an image through the SDK, and the mock reads the failure', async () => {
    const client = createClient();
    const { tools } = prepareGeminiTools({ tools: [addNumbers] }).result;
    const question = geminiAdapter.startConversation({ question: QUESTION });
    const first = await client.models.generateContent({ model: MOCK_MODEL_NAME, contents: question, config: { tools } });
    const reply = geminiAdapter.readResponse({ body: first });
    const result = {
      content: [
        { type: 'text' as const, text: 'a: expected number' },
        { type: 'image' as const, data: ONE_PIXEL_PNG, mimeType: 'image/png' },
      ],
      isError: true,
    };
    const contents = geminiAdapter.appendToolResults({
      conversation: question,
      reply,
      results: [{ call: reply.toolCalls[0]!, outcome: { type: 'result', result } }],
    }).result.conversation;
    const second = await client.models.generateContent({ model: MOCK_MODEL_NAME, contents, config: { tools } });
    expect(second.text).toBe('The add_numbers tool reported an error, so I cannot give the result: a: expected number');
  });

  it("turns the mock's Google-shaped error into the SDK's ApiError", async () => {
    const client = createClient();
    const error = await client.models.generateContent({ model: MOCK_MODEL_NAME, contents: [{ role: 'user', parts: [] }] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toContain('INVALID_ARGUMENT');
  });
});

describe.each(['2025-11-25', '2026-07-28'] as const)('the host engine speaking Gemini to the mock, in the %s era', (era) => {
  let trace: Trace;
  beforeAll(async () => {
    trace = await runMockLifecycle({ serverUrl: server.url, wire: 'gemini', era });
  });
  const step = (canonical: number): Step => findCanonicalStep(trace, canonical);
  const generateUrl = () => `${server.url}/mock/gemini/v1beta/models/${MOCK_MODEL_NAME}:generateContent`;

  it('completes with the answer', () => {
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(trace.model).toEqual({ wire: 'gemini', kind: 'mock', name: MOCK_MODEL_NAME });
  });

  it('step 7 translates the tools into one { functionDeclarations } tool with parametersJsonSchema', () => {
    expect(step(7).translation!.output).toEqual([
      {
        functionDeclarations: [
          { name: 'add_numbers', description: 'Adds two numbers', parametersJsonSchema: expect.objectContaining({ type: 'object', required: ['a', 'b'] }) },
        ],
      },
    ]);
    expect(step(7).translation!.changes).toContainEqual(
      expect.objectContaining({ kind: 'renamed', from: '[0].inputSchema', to: '[0].functionDeclarations[0].parametersJsonSchema' }),
    );
  });

  it('step 8 posts to models/{model}:generateContent with contents and the tools, the model in the path', () => {
    const request = step(8);
    expect(request.http).toMatchObject({ method: 'POST', url: generateUrl(), status: 200 });
    const body = request.payload as { contents: Content[]; tools: Tool[] };
    expect(body).toEqual({ contents: [{ role: 'user', parts: [{ text: QUESTION }] }], tools: step(7).translation!.output });
    expect(JSON.parse(request.http!.requestBody!)).toEqual(body);
  });

  it('steps 9 and 10 carry the functionCall part and the response with finishReason "STOP"', () => {
    const response = step(10).payload as GenerateContentResponse;
    const content = response.candidates![0]!.content!;
    expect(response.candidates![0]!.finishReason).toBe('STOP');
    expect(content.parts).toEqual([{ functionCall: { name: 'add_numbers', args: { a: 5, b: 7 } }, thoughtSignature: expect.any(String) }]);
    expect(step(9).payload).toEqual(content.parts);
  });

  it('step 11 translates the raw functionCall part into tools/call params', () => {
    const part = (step(10).payload as GenerateContentResponse).candidates![0]!.content!.parts![0]!;
    expect(step(11).translation).toMatchObject({ number: 2, input: part, output: { name: 'add_numbers', arguments: { a: 5, b: 7 } }, warnings: [] });
  });

  it('step 18 echoes the model turn, thought signature included, then one user turn answering the call by name (it has no id)', () => {
    const modelTurn = (step(10).payload as GenerateContentResponse).candidates![0]!.content!;
    expect(modelTurn.parts![0]!.thoughtSignature).toEqual(expect.any(String));
    const answer = { role: 'user', parts: [{ functionResponse: { name: 'add_numbers', response: { output: 'Result: 12' } } }] };
    const body = step(18).payload as { contents: Content[] };
    expect(body.contents).toEqual([{ role: 'user', parts: [{ text: QUESTION }] }, modelTurn, answer]);
    expect(step(18).translation).toMatchObject({ number: 3, output: [answer] });
    expect(step(18).http).toMatchObject({ url: generateUrl(), status: 200 });
  });

  it('step 19 is the response with the text part', () => {
    const response = step(19).payload as GenerateContentResponse;
    expect(response.candidates![0]).toMatchObject({ finishReason: 'STOP', content: { role: 'model', parts: [{ text: '5 plus 7 is 12.' }] } });
  });
});

describe('the host engine with several function calls', () => {
  function runQuestion(question: string): Promise<Trace> {
    return runMockLifecycle({ serverUrl: server.url, wire: 'gemini', era: '2026-07-28', question });
  }

  it('answers two calls in one model turn (no ids, one signature on the first) with one user turn of two functionResponse parts, in order', async () => {
    const trace = await runQuestion('What is 5 plus 7 and 1 plus 2?');
    expect(trace.answer).toBe('5 plus 7 is 12, and 1 plus 2 is 3.');
    const calls = (findCanonicalStep(trace, 10).payload as GenerateContentResponse).candidates![0]!.content!.parts!.map((part) => part.functionCall!);
    expect(calls.map((call) => call.args)).toEqual([
      { a: 5, b: 7 },
      { a: 1, b: 2 },
    ]);
    expect(calls.map((call) => call.id)).toEqual([undefined, undefined]);
    const body = findCanonicalStep(trace, 18).payload as { contents: Content[] };
    expect(body.contents).toHaveLength(3);
    expect(body.contents[2]).toEqual({
      role: 'user',
      parts: [
        { functionResponse: { name: 'add_numbers', response: { output: 'Result: 12' } } },
        { functionResponse: { name: 'add_numbers', response: { output: 'Result: 3' } } },
      ],
    });
  });

  it('chains two rounds, the second call using the first result, the conversation growing by one model and one user turn each', async () => {
    const trace = await runQuestion('What is (1 plus 2) plus 3?');
    expect(trace.answer).toBe('(1 plus 2) plus 3 is 6.');
    const requests = trace.steps
      .filter((candidate) => candidate.id === 'host.translate-tool-result')
      .map((candidate) => candidate.payload as { contents: Content[] });
    expect(requests.map((request) => request.contents.length)).toEqual([3, 5]);
    expect(requests[1]!.contents[3]!.parts![0]!.functionCall).toMatchObject({ name: 'add_numbers', args: { a: 3, b: 3 } });
  });
});

describe('the host engine against the real Gemini API', () => {
  it.skipIf(!process.env.GEMINI_API_KEY)(
    'answers "What is 5 plus 7?" with the tool',
    async () => {
      await runRealProviderLifecycle({
        serverUrl: server.url,
        provider: { wire: 'gemini', kind: 'real', baseUrl: geminiAdapter.defaultBaseUrl, model: 'gemini-2.5-flash-lite', apiKey: process.env.GEMINI_API_KEY },
      });
    },
    120_000,
  );
});
