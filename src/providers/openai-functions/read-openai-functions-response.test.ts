import { describe, expect, it } from 'vitest';
import { ProviderReplyError } from '../types.ts';
import { readOpenAiFunctionsResponse } from './read-openai-functions-response.ts';

const functionCall = { name: 'add_numbers', arguments: '{"a":5,"b":7}' };

function completion(message: Record<string, unknown>, finishReason: string | null = 'stop') {
  return { id: 'chatcmpl-1', object: 'chat.completion', model: 'gpt-test', choices: [{ index: 0, message, finish_reason: finishReason }] };
}

describe('readOpenAiFunctionsResponse', () => {
  describe('a reply with a function call', () => {
    it('reads the one call, with no id, its arguments string and its raw object', () => {
      const body = completion({ role: 'assistant', content: null, function_call: functionCall, refusal: null, annotations: [] }, 'function_call');
      const reply = readOpenAiFunctionsResponse({ body });
      expect(reply.toolCalls).toEqual([{ name: 'add_numbers', arguments: '{"a":5,"b":7}', raw: functionCall }]);
      expect(reply.toolCalls[0]).not.toHaveProperty('id');
      expect(reply).toMatchObject({ text: null, finishReason: 'function_call', model: 'gpt-test' });
    });

    it('keeps the assistant turn to echo, as the request type takes it (no response-only fields)', () => {
      const body = completion({ role: 'assistant', content: null, function_call: functionCall, refusal: null, annotations: [] }, 'function_call');
      expect(readOpenAiFunctionsResponse({ body }).assistantMessage).toEqual({ role: 'assistant', content: null, function_call: functionCall });
    });

    it('keeps arguments that are not a string for translation #2 to refuse, and echoes them as JSON text', () => {
      const body = completion({ role: 'assistant', content: null, function_call: { name: 'add_numbers', arguments: { a: 5 } } }, 'function_call');
      const reply = readOpenAiFunctionsResponse({ body });
      expect(reply.toolCalls[0]!.arguments).toEqual({ a: 5 });
      expect(reply.assistantMessage).toMatchObject({ function_call: { arguments: '{"a":5}' } });
    });
  });

  describe('a text answer', () => {
    it('reads the text and no calls', () => {
      const reply = readOpenAiFunctionsResponse({ body: completion({ role: 'assistant', content: '5 plus 7 is 12.' }) });
      expect(reply).toMatchObject({ toolCalls: [], text: '5 plus 7 is 12.', finishReason: 'stop' });
      expect(reply.assistantMessage).toEqual({ role: 'assistant', content: '5 plus 7 is 12.' });
    });
  });

  describe('a body that is not a legacy functions reply', () => {
    it.each([
      ['null', null],
      ['an error object', { error: { message: 'Invalid API key' } }],
      ['no choices', { choices: [] }],
      ['a message without role', { choices: [{ message: { content: 'hi' } }] }],
      ['a function_call without name', { choices: [{ message: { role: 'assistant', function_call: { arguments: '{}' } } }] }],
    ])('throws a ProviderReplyError for %s', (_label, body) => {
      expect(() => readOpenAiFunctionsResponse({ body })).toThrow(ProviderReplyError);
      expect(() => readOpenAiFunctionsResponse({ body })).toThrow(/not a Chat Completions response/);
    });

    it('refuses a reply in the newer tool_calls format, saying where a legacy call belongs', () => {
      const body = completion({ role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: functionCall }] }, 'tool_calls');
      expect(() => readOpenAiFunctionsResponse({ body })).toThrow(/tool_calls.*message\.function_call/);
    });
  });
});
