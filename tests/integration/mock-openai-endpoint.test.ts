import { describe, expect, it } from 'vitest';
import { QUESTION } from '../helpers/fixtures.ts';
import { useServer } from '../helpers/use-server.ts';

/** The mock model over real HTTP, in the OpenAI Chat Completions wire format. */

const server = useServer();
const completionsUrl = () => `${server.url}/mock/openai/v1/chat/completions`;

const addNumbersTool = {
  type: 'function',
  function: {
    name: 'add_numbers',
    description: 'Adds two numbers',
    parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  },
};

type ChatCompletion = {
  id: string;
  object: string;
  model: string;
  choices: {
    index: number;
    message: { role: string; content: string | null; tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[] };
    finish_reason: string;
  }[];
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
};
type OpenAiError = { error: { message: string; type: string; param: string | null; code: null } };

async function postCompletions(body: unknown): Promise<Response> {
  return fetch(completionsUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST /mock/openai/v1/chat/completions', () => {
  describe('a question a tool fits', () => {
    it('answers with a tool call in the Chat Completions shape', async () => {
      const response = await postCompletions({ model: 'mock', messages: [{ role: 'user', content: QUESTION }], tools: [addNumbersTool] });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      const completion = (await response.json()) as ChatCompletion;
      expect(completion.object).toBe('chat.completion');
      expect(completion.id).toMatch(/^chatcmpl-/);
      const [choice] = completion.choices;
      expect(choice!.finish_reason).toBe('tool_calls');
      expect(choice!.message.role).toBe('assistant');
      expect(choice!.message.content).toBeNull();
      const call = choice!.message.tool_calls![0]!;
      expect(call.type).toBe('function');
      expect(call.id).toMatch(/^call_/);
      expect(call.function.name).toBe('add_numbers');
      expect(typeof call.function.arguments).toBe('string');
      expect(JSON.parse(call.function.arguments)).toEqual({ a: 5, b: 7 });
      expect(completion.usage.total_tokens).toBe(completion.usage.prompt_tokens + completion.usage.completion_tokens);
    });

    it('says which rule it followed in a header, in ASCII', async () => {
      const response = await postCompletions({ messages: [{ role: 'user', content: QUESTION }], tools: [addNumbersTool] });
      const reasoning = response.headers.get('x-mock-reasoning');
      expect(reasoning).toContain('add_numbers(5, 7)');
      expect(reasoning).toMatch(/^[\x20-\x7e]*$/);
    });

    it('gives the same tool call id for the same conversation, so lessons replay the same', async () => {
      const body = { messages: [{ role: 'user', content: QUESTION }], tools: [addNumbersTool] };
      const first = (await (await postCompletions(body)).json()) as ChatCompletion;
      const second = (await (await postCompletions(body)).json()) as ChatCompletion;
      expect(second.choices[0]!.message.tool_calls![0]!.id).toBe(first.choices[0]!.message.tool_calls![0]!.id);
    });

    it('calls no tool when tool_choice is "none"', async () => {
      const response = await postCompletions({ messages: [{ role: 'user', content: QUESTION }], tools: [addNumbersTool], tool_choice: 'none' });
      const completion = (await response.json()) as ChatCompletion;
      expect(completion.choices[0]!.finish_reason).toBe('stop');
      expect(completion.choices[0]!.message.tool_calls).toBeUndefined();
    });
  });

  describe('after the tool result', () => {
    it('answers in words after a role:"tool" message', async () => {
      const assistant = {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_abc', type: 'function', function: { name: 'add_numbers', arguments: '{"a":5,"b":7}' } }],
      };
      const response = await postCompletions({
        model: 'mock',
        messages: [{ role: 'user', content: QUESTION }, assistant, { role: 'tool', tool_call_id: 'call_abc', content: 'Result: 12' }],
        tools: [addNumbersTool],
      });
      const completion = (await response.json()) as ChatCompletion;
      expect(completion.choices[0]).toMatchObject({ finish_reason: 'stop', message: { role: 'assistant', content: '5 plus 7 is 12.' } });
    });

    it('explains a tool error instead of answering', async () => {
      const assistant = {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_abc', type: 'function', function: { name: 'add_numbers', arguments: '{"a":"five","b":7}' } }],
      };
      const response = await postCompletions({
        messages: [
          { role: 'user', content: QUESTION },
          assistant,
          { role: 'tool', tool_call_id: 'call_abc', content: 'Error: Input validation error: a: expected number' },
        ],
        tools: [addNumbersTool],
      });
      const completion = (await response.json()) as ChatCompletion;
      expect(completion.choices[0]!.message.content).toContain('reported an error');
    });

    it('reads content given as an array of text parts', async () => {
      const response = await postCompletions({ messages: [{ role: 'user', content: [{ type: 'text', text: QUESTION }] }], tools: [addNumbersTool] });
      const completion = (await response.json()) as ChatCompletion;
      expect(completion.choices[0]!.finish_reason).toBe('tool_calls');
    });
  });

  describe('the model name', () => {
    it('says it is the mock, whatever model was asked for', async () => {
      const response = await postCompletions({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hello' }] });
      const completion = (await response.json()) as ChatCompletion;
      expect(completion.model).toMatch(/mock/);
      expect(completion.choices[0]!.finish_reason).toBe('stop');
    });
  });

  describe('bad requests, answered the way OpenAI answers them', () => {
    async function expectOpenAiError(response: Response, status: number): Promise<OpenAiError['error']> {
      expect(response.status).toBe(status);
      const body = (await response.json()) as OpenAiError;
      expect(body.error).toMatchObject({ type: 'invalid_request_error', code: null });
      expect(typeof body.error.message).toBe('string');
      return body.error;
    }

    it('refuses a body that is not JSON with 400', async () => {
      const error = await expectOpenAiError(await postCompletions('{not json'), 400);
      expect(error.message).toContain('not valid JSON');
    });

    it('refuses a body without messages with 400, naming the field', async () => {
      const error = await expectOpenAiError(await postCompletions({ model: 'mock' }), 400);
      expect(error.param).toBe('messages');
      expect(error.message).toContain('messages');
    });

    it('refuses an empty messages list with 400', async () => {
      await expectOpenAiError(await postCompletions({ messages: [] }), 400);
    });

    it('refuses a message with an unknown role with 400', async () => {
      await expectOpenAiError(await postCompletions({ messages: [{ role: 'robot', content: 'hi' }] }), 400);
    });

    it('answers stream:true with chat.completion.chunk frames and [DONE], no longer a refusal', async () => {
      const response = await postCompletions({ messages: [{ role: 'user', content: 'hi' }], stream: true });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const text = await response.text();
      expect(text).toContain('"object":"chat.completion.chunk"');
      expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    });

    it('refuses GET with 405', async () => {
      const error = await expectOpenAiError(await fetch(completionsUrl()), 405);
      expect(error.message).toContain('POST');
    });
  });
});

describe('GET /mock/openai/v1/models', () => {
  it('lists the mock model', async () => {
    const response = await fetch(`${server.url}/mock/openai/v1/models`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { object: string; data: { id: string; object: string }[] };
    expect(body.object).toBe('list');
    expect(body.data).toEqual([expect.objectContaining({ id: 'mock-model-deterministic', object: 'model' })]);
  });
});
