import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../node/serve.ts';
import { MOCK_MODEL_NAME } from './decide-mock-reply.ts';

/** The mock model over real HTTP, in Ollama's /api/chat wire format. */

let server: RunningServer;
let chatUrl: string;
beforeAll(async () => {
  server = await serve({ port: 0 });
  chatUrl = `${server.url}/mock/ollama/api/chat`;
});
afterAll(async () => {
  await server.close();
});

const addNumbers = {
  type: 'function',
  function: {
    name: 'add_numbers',
    description: 'Adds two numbers',
    parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  },
};
const question = { role: 'user', content: 'What is 5 plus 7?' };

type ToolCall = { id?: string; function: { index?: number; name: string; arguments: Record<string, unknown> } };
type ChatResponse = {
  model: string;
  created_at: string;
  message: { role: string; content: string; tool_calls?: ToolCall[] };
  done: boolean;
  done_reason: string;
  prompt_eval_count: number;
  eval_count: number;
  total_duration: number;
};

async function post(body: unknown): Promise<Response> {
  return fetch(chatUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

async function chat(body: Record<string, unknown>): Promise<ChatResponse> {
  const response = await post({ model: MOCK_MODEL_NAME, stream: false, ...body });
  expect(response.status).toBe(200);
  return (await response.json()) as ChatResponse;
}

describe('POST /mock/ollama/api/chat', () => {
  describe('a question a tool fits', () => {
    it('answers with tool_calls whose arguments are an object, done: true, in one JSON object', async () => {
      const response = await post({ model: MOCK_MODEL_NAME, stream: false, messages: [question], tools: [addNumbers] });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.headers.get('x-mock-reasoning')).toContain('add_numbers(5, 7)');
      const body = (await response.json()) as ChatResponse;
      expect(body).toMatchObject({ model: MOCK_MODEL_NAME, done: true, done_reason: 'stop' });
      expect(Number.isNaN(Date.parse(body.created_at))).toBe(false);
      expect(body.message).toEqual({
        role: 'assistant',
        content: '',
        tool_calls: [{ id: expect.stringMatching(/^call_/), function: { index: 0, name: 'add_numbers', arguments: { a: 5, b: 7 } } }],
      });
      expect(body.prompt_eval_count).toBeGreaterThan(0);
      expect(body.eval_count).toBeGreaterThan(0);
    });

    it('gives the same call id for the same conversation, so lessons replay the same', async () => {
      const first = await chat({ messages: [question], tools: [addNumbers] });
      const second = await chat({ messages: [question], tools: [addNumbers] });
      expect(second.message.tool_calls![0]!.id).toBe(first.message.tool_calls![0]!.id);
    });
  });

  describe('after the tool messages', () => {
    it('answers in words, pairing the call with the tool message by tool_call_id', async () => {
      const assistant = {
        role: 'assistant',
        content: '',
        tool_calls: [{ id: 'call_1', function: { index: 0, name: 'add_numbers', arguments: { a: 5, b: 7 } } }],
      };
      const body = await chat({
        messages: [question, assistant, { role: 'tool', tool_name: 'add_numbers', tool_call_id: 'call_1', content: 'Result: 12' }],
        tools: [addNumbers],
      });
      expect(body.message).toEqual({ role: 'assistant', content: '5 plus 7 is 12.' });
    });

    it('pairs by tool_name, as older Ollama does, and reads an "Error:" text as a failure', async () => {
      const assistant = { role: 'assistant', content: '', tool_calls: [{ function: { name: 'add_numbers', arguments: { a: 5, b: 7 } } }] };
      const body = await chat({
        messages: [question, assistant, { role: 'tool', tool_name: 'add_numbers', content: 'Error (isError: true): overflow' }],
        tools: [addNumbers],
      });
      expect(body.message.content).toBe('The add_numbers tool reported an error, so I cannot give the result: overflow');
    });
  });

  describe("requests it refuses, in Ollama's error shape", () => {
    async function expectError(response: Response, status: number, text: RegExp) {
      expect(response.status).toBe(status);
      const body = (await response.json()) as { error: string };
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error).toMatch(text);
    }

    it('refuses a body that is not JSON', async () => {
      await expectError(await post('{"model":'), 400, /invalid JSON/);
    });

    it('refuses a request without a model, as Ollama does', async () => {
      await expectError(await post({ messages: [question], stream: false }), 400, /model/);
    });

    it('streams NDJSON when stream is true or left out, since Ollama streams by default', async () => {
      for (const body of [
        { model: MOCK_MODEL_NAME, messages: [question] },
        { model: MOCK_MODEL_NAME, messages: [question], stream: true },
      ]) {
        const response = await post(body);
        expect(response.headers.get('content-type')).toBe('application/x-ndjson');
        expect(
          (await response.text())
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line).done)
            .at(-1),
        ).toBe(true);
      }
    });

    it('refuses a tool message without content, naming the field', async () => {
      await expectError(
        await post({ model: MOCK_MODEL_NAME, stream: false, messages: [question, { role: 'tool', tool_name: 'add_numbers' }] }),
        400,
        /messages\.1\.content/,
      );
    });

    it('refuses GET', async () => {
      await expectError(await fetch(chatUrl), 405, /POST/);
    });
  });
});
