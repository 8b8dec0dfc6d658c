import { describe, expect, it } from 'vitest';
import { ProviderReplyError } from '../types.ts';
import { readOpenAiChatResponse } from './read-openai-chat-response.ts';

const toolCall = { id: 'call_1', type: 'function', function: { name: 'add_numbers', arguments: '{"a":5,"b":7}' } };

describe('readOpenAiChatResponse', () => {
  describe('a reply with tool calls', () => {
    it('reads each call with its id, name, arguments string and raw object', () => {
      const body = {
        model: 'gpt-test',
        choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [toolCall] }, finish_reason: 'tool_calls' }],
      };
      const reply = readOpenAiChatResponse({ body });
      expect(reply.toolCalls).toEqual([{ id: 'call_1', name: 'add_numbers', arguments: '{"a":5,"b":7}', raw: toolCall }]);
      expect(reply.text).toBeNull();
      expect(reply.finishReason).toBe('tool_calls');
      expect(reply.model).toBe('gpt-test');
      expect(reply.assistantMessage).toEqual(body.choices[0]!.message);
    });
  });

  describe('a compatible server’s reply', () => {
    it('reads a call without an id (some servers send none) with no id, for translation #3 to answer by position', () => {
      const body = {
        choices: [{ message: { role: 'assistant', content: null, tool_calls: [{ type: 'function', function: { name: 'add_numbers', arguments: '{}' } }] } }],
      };
      const [call] = readOpenAiChatResponse({ body }).toolCalls;
      expect(call).toMatchObject({ name: 'add_numbers' });
      expect('id' in call!).toBe(false);
    });
  });

  describe('a text answer', () => {
    it('reads the text and no tool calls', () => {
      const body = { choices: [{ message: { role: 'assistant', content: '5 plus 7 is 12.' }, finish_reason: 'stop' }] };
      const reply = readOpenAiChatResponse({ body });
      expect(reply).toMatchObject({ toolCalls: [], text: '5 plus 7 is 12.', finishReason: 'stop', model: null });
    });

    it('reads only the first choice', () => {
      const body = {
        choices: [{ message: { role: 'assistant', content: 'first' } }, { message: { role: 'assistant', content: 'second', tool_calls: [toolCall] } }],
      };
      expect(readOpenAiChatResponse({ body })).toMatchObject({ text: 'first', toolCalls: [] });
    });
  });

  describe('a body that is not a Chat Completions response', () => {
    it.each([
      ['null', null],
      ['a string', 'hello'],
      ['an error object', { error: { message: 'Invalid API key' } }],
      ['no choices', { choices: [] }],
      ['a message without role', { choices: [{ message: { content: 'hi' } }] }],
      ['a tool call without a function', { choices: [{ message: { role: 'assistant', tool_calls: [{ id: 'call_1' }] } }] }],
    ])('throws a ProviderReplyError for %s, saying where it went wrong', (_label, body) => {
      expect(() => readOpenAiChatResponse({ body })).toThrow(ProviderReplyError);
      expect(() => readOpenAiChatResponse({ body })).toThrow(/not a Chat Completions response/);
    });

    it('names the field that is wrong', () => {
      expect(() => readOpenAiChatResponse({ body: { choices: [] } })).toThrow(/choices/);
    });
  });
});
