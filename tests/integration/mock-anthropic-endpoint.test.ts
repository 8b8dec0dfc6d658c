import { describe, expect, it } from 'vitest';
import { QUESTION } from '../helpers/fixtures.ts';
import { useServer } from '../helpers/use-server.ts';

/** The mock model over real HTTP, in the Anthropic Messages wire format. */

const server = useServer();
const messagesUrl = () => `${server.url}/mock/anthropic/v1/messages`;

const addNumbersTool = {
  name: 'add_numbers',
  description: 'Adds two numbers',
  input_schema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
};
const question = { role: 'user', content: QUESTION };

type Block = { type: string; id?: string; name?: string; input?: unknown; text?: string; caller?: unknown };
type AnthropicMessage = {
  id: string;
  type: string;
  role: string;
  model: string;
  content: Block[];
  stop_reason: string;
  stop_sequence: null;
  usage: { input_tokens: number; output_tokens: number };
};
type AnthropicError = { type: 'error'; error: { type: string; message: string }; request_id: string };

async function postMessages(body: unknown, headers: Record<string, string> = { 'anthropic-version': '2023-06-01' }): Promise<Response> {
  return fetch(messagesUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function askForToolUse(): Promise<Block> {
  const response = await postMessages({ model: 'mock', max_tokens: 100, messages: [question], tools: [addNumbersTool] });
  return ((await response.json()) as AnthropicMessage).content[0]!;
}

describe('POST /mock/anthropic/v1/messages', () => {
  describe('a question a tool fits', () => {
    it('answers with a tool_use block and stop_reason "tool_use"', async () => {
      const response = await postMessages({ model: 'claude-haiku-4-5', max_tokens: 100, messages: [question], tools: [addNumbersTool] });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.headers.get('request-id')).toMatch(/^req_/);
      const message = (await response.json()) as AnthropicMessage;
      expect(message).toMatchObject({ type: 'message', role: 'assistant', stop_reason: 'tool_use', stop_sequence: null, model: 'mock-model-deterministic' });
      expect(message.id).toMatch(/^msg_/);
      expect(message.content).toEqual([
        { type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'add_numbers', input: { a: 5, b: 7 }, caller: { type: 'direct' } },
      ]);
      expect(message.usage.input_tokens).toBeGreaterThan(0);
      expect(message.usage.output_tokens).toBeGreaterThan(0);
    });

    it('says which rule it followed in a header, in ASCII', async () => {
      const response = await postMessages({ model: 'mock', max_tokens: 100, messages: [question], tools: [addNumbersTool] });
      expect(response.headers.get('x-mock-reasoning')).toContain('add_numbers(5, 7)');
    });

    it('gives the same tool_use id for the same conversation', async () => {
      expect((await askForToolUse()).id).toBe((await askForToolUse()).id);
    });

    it('calls no tool when tool_choice is {"type":"none"}', async () => {
      const response = await postMessages({ model: 'mock', max_tokens: 100, messages: [question], tools: [addNumbersTool], tool_choice: { type: 'none' } });
      const message = (await response.json()) as AnthropicMessage;
      expect(message.stop_reason).toBe('end_turn');
      expect(message.content[0]!.type).toBe('text');
    });
  });

  describe('after the tool result', () => {
    it('answers in words after a user message that starts with the tool_result', async () => {
      const toolUse = await askForToolUse();
      const response = await postMessages({
        model: 'mock',
        max_tokens: 100,
        messages: [
          question,
          { role: 'assistant', content: [toolUse] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: [{ type: 'text', text: 'Result: 12' }] }] },
        ],
        tools: [addNumbersTool],
      });
      expect(response.status).toBe(200);
      const message = (await response.json()) as AnthropicMessage;
      expect(message.stop_reason).toBe('end_turn');
      expect(message.content).toEqual([{ type: 'text', text: '5 plus 7 is 12.', citations: null }]);
    });

    it('reads a tool_result whose content is a plain string', async () => {
      const toolUse = await askForToolUse();
      const response = await postMessages({
        model: 'mock',
        max_tokens: 100,
        messages: [
          question,
          { role: 'assistant', content: [toolUse] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: 'Result: 12' }] },
        ],
        tools: [addNumbersTool],
      });
      expect(((await response.json()) as AnthropicMessage).content[0]!.text).toBe('5 plus 7 is 12.');
    });

    it('reads the error from is_error, not from the wording', async () => {
      const toolUse = await askForToolUse();
      const response = await postMessages({
        model: 'mock',
        max_tokens: 100,
        messages: [
          question,
          { role: 'assistant', content: [toolUse] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: 'a: expected number', is_error: true }] },
        ],
        tools: [addNumbersTool],
      });
      expect(((await response.json()) as AnthropicMessage).content[0]!.text).toContain('reported an error');
    });
  });

  describe('bad requests, answered the way Anthropic answers them', () => {
    async function expectAnthropicError(response: Response, status: number): Promise<string> {
      expect(response.status).toBe(status);
      const body = (await response.json()) as AnthropicError;
      expect(body).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' }, request_id: expect.stringMatching(/^req_/) });
      expect(response.headers.get('request-id')).toBe(body.request_id);
      return body.error.message;
    }

    it('refuses a tool_use left without a tool_result in the next message', async () => {
      const toolUse = await askForToolUse();
      const message = await expectAnthropicError(
        await postMessages({
          model: 'm',
          max_tokens: 10,
          messages: [question, { role: 'assistant', content: [toolUse] }, { role: 'user', content: 'Well?' }],
          tools: [addNumbersTool],
        }),
        400,
      );
      expect(message).toBe(
        `messages.1: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${toolUse.id}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
      );
    });

    it('refuses a tool_result that comes after text in the user message', async () => {
      const toolUse = await askForToolUse();
      const results = [
        { type: 'text', text: 'Here:' },
        { type: 'tool_result', tool_use_id: toolUse.id, content: 'Result: 12' },
      ];
      const message = await expectAnthropicError(
        await postMessages({
          model: 'm',
          max_tokens: 10,
          messages: [question, { role: 'assistant', content: [toolUse] }, { role: 'user', content: results }],
          tools: [addNumbersTool],
        }),
        400,
      );
      expect(message).toContain('were found without `tool_result` blocks immediately after');
    });

    it('refuses tool_use and tool_result blocks in a request that defines no tools', async () => {
      const toolUse = await askForToolUse();
      const messages = [
        question,
        { role: 'assistant', content: [toolUse] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: 'Result: 12' }] },
      ];
      expect(await expectAnthropicError(await postMessages({ model: 'm', max_tokens: 10, messages }), 400)).toBe(
        'Requests which include `tool_use` or `tool_result` blocks must define tools.',
      );
    });

    it('refuses a tool_result whose id answers no tool_use of the previous message', async () => {
      const message = await expectAnthropicError(
        await postMessages({
          model: 'm',
          max_tokens: 10,
          messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_nowhere', content: 'x' }] }],
          tools: [addNumbersTool],
        }),
        400,
      );
      expect(message).toContain('messages.0.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_nowhere');
    });

    it('refuses a tool name outside ^[a-zA-Z0-9_-]{1,64}$ and a top-level anyOf, naming the tool', async () => {
      const named = await expectAnthropicError(
        await postMessages({ model: 'm', max_tokens: 10, messages: [question], tools: [{ ...addNumbersTool, name: 'math.add' }] }),
        400,
      );
      expect(named).toContain('tools.0.custom.name');
      const schema = { ...addNumbersTool.input_schema, anyOf: [{ required: ['a'] }] };
      const combined = await expectAnthropicError(
        await postMessages({ model: 'm', max_tokens: 10, messages: [question], tools: [{ ...addNumbersTool, input_schema: schema }] }),
        400,
      );
      expect(combined).toBe('tools.0.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level');
    });

    it('refuses blank text blocks', async () => {
      const message = await expectAnthropicError(
        await postMessages({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: [{ type: 'text', text: ' ' }] }] }),
        400,
      );
      expect(message).toBe('messages: text content blocks must contain non-whitespace text');
    });

    it('refuses a request without max_tokens, naming the field', async () => {
      expect(await expectAnthropicError(await postMessages({ model: 'm', messages: [question] }), 400)).toBe('max_tokens: Field required');
    });

    it('refuses a request without the anthropic-version header', async () => {
      expect(await expectAnthropicError(await postMessages({ model: 'm', max_tokens: 10, messages: [question] }, {}), 400)).toContain('anthropic-version');
    });

    it('refuses a body that is not JSON', async () => {
      expect(await expectAnthropicError(await postMessages('{not json'), 400)).toContain('not valid JSON');
    });

    it('answers stream:true with the events Anthropic streams, no longer a refusal', async () => {
      const response = await postMessages({ model: 'm', max_tokens: 10, messages: [question], stream: true });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const text = await response.text();
      expect(text.startsWith('event: message_start\n')).toBe(true);
      expect(text.endsWith('event: message_stop\ndata: {"type":"message_stop"}\n\n')).toBe(true);
    });

    it('refuses GET with 405', async () => {
      expect(await expectAnthropicError(await fetch(messagesUrl()), 405)).toContain('POST');
    });
  });
});
