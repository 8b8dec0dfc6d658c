import { describe, expect, it } from 'vitest';
import { ProviderReplyError } from '../types.ts';
import { readAnthropicResponse } from './read-anthropic-response.ts';

const toolUse = { type: 'tool_use', id: 'toolu_1', name: 'add_numbers', input: { a: 5, b: 7 }, caller: { type: 'direct' } };

function message(content: unknown[], stopReason: string | null = 'tool_use') {
  return {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-test',
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  };
}

describe('readAnthropicResponse', () => {
  describe('a reply with tool calls', () => {
    it('reads each tool_use block with its id, name, input object and raw block', () => {
      const body = message([toolUse]);
      const reply = readAnthropicResponse({ body });
      expect(reply.toolCalls).toEqual([{ id: 'toolu_1', name: 'add_numbers', arguments: { a: 5, b: 7 }, raw: toolUse }]);
      expect(reply.text).toBeNull();
      expect(reply.finishReason).toBe('tool_use');
      expect(reply.model).toBe('claude-test');
    });

    it('reads several tool_use blocks in one turn, and the text written before them', () => {
      const second = { type: 'tool_use', id: 'toolu_2', name: 'multiply_numbers', input: { a: 3, b: 4 } };
      const reply = readAnthropicResponse({ body: message([{ type: 'text', text: 'I will use two tools.' }, toolUse, second]) });
      expect(reply.toolCalls.map((call) => call.id)).toEqual(['toolu_1', 'toolu_2']);
      expect(reply.text).toBe('I will use two tools.');
    });

    it('keeps the whole assistant turn, thinking blocks included, to echo back unchanged', () => {
      const thinking = { type: 'thinking', thinking: 'add them', signature: 'sig' };
      const body = message([thinking, toolUse]);
      expect(readAnthropicResponse({ body }).assistantMessage).toEqual({ role: 'assistant', content: [thinking, toolUse] });
    });
  });

  describe('a text answer', () => {
    it('reads the text blocks and no tool calls', () => {
      const reply = readAnthropicResponse({ body: message([{ type: 'text', text: '5 plus 7 is 12.', citations: null }], 'end_turn') });
      expect(reply).toMatchObject({ toolCalls: [], text: '5 plus 7 is 12.', finishReason: 'end_turn', model: 'claude-test' });
    });
  });

  describe('a body that is not an Anthropic message', () => {
    it.each([
      ['null', null],
      ['a string', 'hello'],
      ['a Chat Completions body', { choices: [{ message: { role: 'assistant', content: 'hi' } }] }],
      ['a user message', { ...message([]), role: 'user' }],
      ['content that is not an array', { ...message([]), content: 'hi' }],
      ['a tool_use block without id', message([{ type: 'tool_use', name: 'add_numbers', input: {} }])],
      ['a text block without text', message([{ type: 'text' }])],
    ])('throws a ProviderReplyError for %s', (_label, body) => {
      expect(() => readAnthropicResponse({ body })).toThrow(ProviderReplyError);
      expect(() => readAnthropicResponse({ body })).toThrow(/not an Anthropic Messages response/);
    });

    it('names the field that is wrong', () => {
      expect(() => readAnthropicResponse({ body: message([toolUse, { type: 'tool_use', name: 'x', input: {} }]) })).toThrow(/content\.1\.id/);
    });

    it('passes on the message of an Anthropic error body', () => {
      const body = { type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens: Field required' }, request_id: 'req_1' };
      expect(() => readAnthropicResponse({ body })).toThrow(/invalid_request_error.*max_tokens: Field required/);
    });
  });
});
