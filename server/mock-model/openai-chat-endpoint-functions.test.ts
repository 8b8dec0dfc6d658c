import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../node/serve.ts';

/** The Chat Completions mock answering the legacy `functions` field, over real HTTP. */

let server: RunningServer;
let url: string;
beforeAll(async () => {
  server = await serve({ port: 0 });
  url = `${server.url}/mock/openai-functions/v1/chat/completions`;
});
afterAll(async () => {
  await server.close();
});

const addNumbers = {
  name: 'add_numbers',
  description: 'Adds two numbers',
  parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
};

type Completion = {
  object: string;
  model: string;
  choices: {
    message: { role: string; content: string | null; function_call?: { name: string; arguments: string }; tool_calls?: unknown };
    finish_reason: string;
  }[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
};
type OpenAiError = { error: { message: string; type: string; param: string | null } };

async function post(body: unknown, path = url): Promise<Response> {
  return fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

const question = { role: 'user', content: 'What is 5 plus 7?' };
const call = { role: 'assistant', content: null, function_call: { name: 'add_numbers', arguments: '{"a":5,"b":7}' } };

describe('POST /mock/openai-functions/v1/chat/completions', () => {
  describe('a question a function fits', () => {
    it('answers with message.function_call, finish_reason "function_call", and no tool_calls', async () => {
      const response = await post({ model: 'mock', messages: [question], functions: [addNumbers] });
      expect(response.status).toBe(200);
      const completion = (await response.json()) as Completion;
      expect(completion.object).toBe('chat.completion');
      expect(completion.model).toBe('mock-model-deterministic');
      const [choice] = completion.choices;
      expect(choice!.finish_reason).toBe('function_call');
      expect(choice!.message).toMatchObject({ role: 'assistant', content: null, function_call: { name: 'add_numbers', arguments: '{"a":5,"b":7}' } });
      expect(choice!.message).not.toHaveProperty('tool_calls');
      expect(completion.usage.total_tokens).toBe(completion.usage.prompt_tokens + completion.usage.completion_tokens);
      expect(response.headers.get('x-mock-reasoning')).toContain('add_numbers(5, 7)');
    });

    it('answers in words once the function message carries the result', async () => {
      const response = await post({ messages: [question, call, { role: 'function', name: 'add_numbers', content: 'Result: 12' }], functions: [addNumbers] });
      const completion = (await response.json()) as Completion;
      expect(completion.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: '5 plus 7 is 12.' } });
    });

    it('answers the same on the plain Chat Completions path, as the real endpoint does', async () => {
      const completion = (await (
        await post({ messages: [question], functions: [addNumbers] }, `${server.url}/mock/openai/v1/chat/completions`)
      ).json()) as Completion;
      expect(completion.choices[0]!.finish_reason).toBe('function_call');
    });
  });

  describe('several calls needed', () => {
    it('makes one call per turn, the next in the following turn', async () => {
      const messages: unknown[] = [{ role: 'user', content: 'What is 5 plus 7 and 3 plus 4?' }];
      const first = (await (await post({ messages, functions: [addNumbers] })).json()) as Completion;
      expect(first.choices[0]!.message.function_call).toEqual({ name: 'add_numbers', arguments: '{"a":5,"b":7}' });
      messages.push(first.choices[0]!.message, { role: 'function', name: 'add_numbers', content: 'Result: 12' });
      const second = (await (await post({ messages, functions: [addNumbers] })).json()) as Completion;
      expect(second.choices[0]!.message.function_call).toEqual({ name: 'add_numbers', arguments: '{"a":3,"b":4}' });
      messages.push(second.choices[0]!.message, { role: 'function', name: 'add_numbers', content: 'Result: 7' });
      const third = (await (await post({ messages, functions: [addNumbers] })).json()) as Completion;
      expect(third.choices[0]!.message.content).toBe('5 plus 7 is 12, and 3 plus 4 is 7.');
    });
  });

  describe('an error in the function message', () => {
    it('reports the error instead of an answer', async () => {
      const messages = [question, call, { role: 'function', name: 'add_numbers', content: 'Error (isError: true): b must be a number' }];
      const completion = (await (await post({ messages, functions: [addNumbers] })).json()) as Completion;
      expect(completion.choices[0]!.message.content).toContain('reported an error');
    });
  });

  describe('function_call', () => {
    it('"none" makes the model answer in words', async () => {
      const completion = (await (await post({ messages: [question], functions: [addNumbers], function_call: 'none' })).json()) as Completion;
      expect(completion.choices[0]).toMatchObject({ finish_reason: 'stop' });
      expect(completion.choices[0]!.message.content).toContain('none of the tools offered');
    });

    it('naming a function that was not offered is a 400', async () => {
      const response = await post({ messages: [question], functions: [addNumbers], function_call: { name: 'multiply' } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as OpenAiError).error.param).toBe('function_call');
    });
  });

  describe("requests it refuses, in OpenAI's error shape", () => {
    it.each([
      ['an empty functions list', { messages: [question], functions: [] }, 'functions'],
      ['a function without a name', { messages: [question], functions: [{ parameters: {} }] }, 'functions.0.name'],
      [
        'a function message without a name',
        { messages: [question, call, { role: 'function', content: 'Result: 12' }], functions: [addNumbers] },
        'messages.2.name',
      ],
      ['both tools and functions', { messages: [question], functions: [addNumbers], tools: [{ type: 'function', function: addNumbers }] }, 'functions'],
    ])('%s is a 400', async (_label, body, param) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      const error = (await response.json()) as OpenAiError;
      expect(error.error).toMatchObject({ type: 'invalid_request_error', param });
    });
  });
});
