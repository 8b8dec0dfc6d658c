import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../node/serve.ts';

/** The mock model over real HTTP, in the OpenAI Responses wire format. */

let server: RunningServer;
let url: string;
beforeAll(async () => {
  server = await serve({ port: 0 });
  url = `${server.url}/mock/openai-responses/v1/responses`;
});
afterAll(async () => {
  await server.close();
});

const addNumbers = {
  type: 'function',
  name: 'add_numbers',
  description: 'Adds two numbers',
  parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'], additionalProperties: false },
  strict: true,
};

type OutputItem = {
  id: string;
  type: string;
  status: string;
  call_id?: string;
  name?: string;
  arguments?: string;
  role?: string;
  content?: { type: string; text: string }[];
};
type ResponseBody = {
  id: string;
  object: string;
  status: string;
  model: string;
  output: OutputItem[];
  usage: { input_tokens: number; output_tokens: number; total_tokens: number };
};
type OpenAiError = { error: { message: string; type: string; param: string | null } };

async function post(body: unknown, method = 'POST'): Promise<Response> {
  return fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(method === 'POST' ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
}

async function postOk(body: unknown): Promise<ResponseBody> {
  const response = await post(body);
  expect(response.status).toBe(200);
  return (await response.json()) as ResponseBody;
}

const question = { role: 'user', content: 'What is 5 plus 7?' };

describe('POST /mock/openai-responses/v1/responses', () => {
  describe('a question a function fits', () => {
    it('answers with a function_call output item: call_id, name and arguments as a JSON string', async () => {
      const response = await post({ model: 'mock', input: [question], tools: [addNumbers] });
      expect(response.headers.get('x-mock-reasoning')).toContain('add_numbers(5, 7)');
      const body = (await response.json()) as ResponseBody;
      expect(body).toMatchObject({ object: 'response', status: 'completed', model: 'mock-model-deterministic' });
      expect(body.id).toMatch(/^resp_/);
      expect(body.output).toEqual([
        {
          id: expect.stringMatching(/^fc_/),
          type: 'function_call',
          status: 'completed',
          call_id: expect.stringMatching(/^call_/),
          name: 'add_numbers',
          arguments: '{"a":5,"b":7}',
        },
      ]);
      expect(body.usage.total_tokens).toBe(body.usage.input_tokens + body.usage.output_tokens);
    });

    it('accepts the question as a plain string input', async () => {
      const body = await postOk({ model: 'mock', input: 'What is 5 plus 7?', tools: [addNumbers] });
      expect(body.output[0]!.type).toBe('function_call');
    });

    it('gives the same ids for the same conversation', async () => {
      const first = await postOk({ model: 'mock', input: [question], tools: [addNumbers] });
      const second = await postOk({ model: 'mock', input: [question], tools: [addNumbers] });
      expect(second.output[0]!.call_id).toBe(first.output[0]!.call_id);
      expect(second.id).toBe(first.id);
    });

    it('answers in a message item once a function_call_output answers the call', async () => {
      const first = await postOk({ model: 'mock', input: [question], tools: [addNumbers] });
      const input = [question, ...first.output, { type: 'function_call_output', call_id: first.output[0]!.call_id, output: 'Result: 12' }];
      const body = await postOk({ model: 'mock', input, tools: [addNumbers] });
      expect(body.output).toEqual([
        {
          id: expect.stringMatching(/^msg_/),
          type: 'message',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text: '5 plus 7 is 12.', annotations: [], logprobs: [] }],
        },
      ]);
    });

    it('reads an output given as input_text parts', async () => {
      const first = await postOk({ model: 'mock', input: [question], tools: [addNumbers] });
      const output = [
        { type: 'input_text', text: 'Result: 12' },
        { type: 'input_image', image_url: 'data:image/png;base64,AA==' },
      ];
      const input = [question, ...first.output, { type: 'function_call_output', call_id: first.output[0]!.call_id, output }];
      expect((await postOk({ model: 'mock', input, tools: [addNumbers] })).output[0]!.content![0]!.text).toBe('5 plus 7 is 12.');
    });
  });

  describe('several calls needed', () => {
    it('makes them in one response, each with its own call_id', async () => {
      const body = await postOk({ model: 'mock', input: 'What is 5 plus 7 and 3 plus 4?', tools: [addNumbers] });
      expect(body.output.map((item) => item.arguments)).toEqual(['{"a":5,"b":7}', '{"a":3,"b":4}']);
      expect(new Set(body.output.map((item) => item.call_id)).size).toBe(2);
    });

    it('makes one per response when parallel_tool_calls is false', async () => {
      const body = await postOk({ model: 'mock', input: 'What is 5 plus 7 and 3 plus 4?', tools: [addNumbers], parallel_tool_calls: false });
      expect(body.output.map((item) => item.arguments)).toEqual(['{"a":5,"b":7}']);
    });
  });

  describe('tool_choice and errors from the tool', () => {
    it('echoes the tools as OpenAI normalizes them: a tool sent without "strict" is strict', async () => {
      const { strict: _strict, ...withoutStrict } = addNumbers;
      const body = (await postOk({
        model: 'mock',
        input: [question],
        tools: [withoutStrict, { ...addNumbers, name: 'sum', strict: false }],
      })) as ResponseBody & { tools: { name: string; strict: boolean }[] };
      expect(body.tools.map((tool) => [tool.name, tool.strict])).toEqual([
        ['add_numbers', true],
        ['sum', false],
      ]);
    });

    it('a named function in tool_choice is the only one the model may call', async () => {
      const body = await postOk({ model: 'mock', input: [question], tools: [addNumbers], tool_choice: { type: 'function', name: 'other' } });
      expect(body.output[0]!.type).toBe('message');
    });

    it('"none" makes the model answer in words', async () => {
      const body = await postOk({ model: 'mock', input: [question], tools: [addNumbers], tool_choice: 'none' });
      expect(body.output[0]!.type).toBe('message');
    });

    it('an output that is an error is reported, not answered', async () => {
      const first = await postOk({ model: 'mock', input: [question], tools: [addNumbers] });
      const input = [
        question,
        ...first.output,
        { type: 'function_call_output', call_id: first.output[0]!.call_id, output: 'Error (isError: true): b must be a number' },
      ];
      expect((await postOk({ model: 'mock', input, tools: [addNumbers] })).output[0]!.content![0]!.text).toContain('reported an error');
    });
  });

  describe("requests it refuses, in OpenAI's error shape", () => {
    it.each([
      ['no model', { input: 'hi' }, 'model'],
      ['no input', { model: 'mock' }, 'input'],
      [
        'a function_call without call_id',
        { model: 'mock', input: [question, { type: 'function_call', name: 'add_numbers', arguments: '{}' }] },
        'input[1].call_id',
      ],
      [
        'an output for a call never made',
        { model: 'mock', input: [question, { type: 'function_call_output', call_id: 'call_x', output: '12' }] },
        'input[1].call_id',
      ],
      ['a tool without a name', { model: 'mock', input: 'hi', tools: [{ type: 'function', parameters: {} }] }, 'tools[0].name'],
      ['a built-in tool', { model: 'mock', input: 'hi', tools: [{ type: 'web_search' }] }, 'tools[0].type'],
      ['a tool_choice it does not know', { model: 'mock', input: 'hi', tool_choice: { type: 'web_search' } }, 'tool_choice'],
      ['previous_response_id', { model: 'mock', input: 'hi', previous_response_id: 'resp_1' }, 'previous_response_id'],
    ])('%s is a 400', async (_label, body, param) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as OpenAiError).error).toMatchObject({ type: 'invalid_request_error', param });
    });

    it('a body that is not JSON is a 400', async () => {
      const response = await post('{"model":');
      expect(response.status).toBe(400);
      expect(((await response.json()) as OpenAiError).error.message).toContain('not valid JSON');
    });

    it('GET is a 405', async () => {
      expect((await post(undefined, 'GET')).status).toBe(405);
    });
  });
});
