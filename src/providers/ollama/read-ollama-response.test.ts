import { describe, expect, it } from 'vitest';
import { ProviderReplyError } from '../types.ts';
import { readOllamaResponse } from './read-ollama-response.ts';

function response(message: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { model: 'llama3.2', created_at: '2026-01-01T00:00:00Z', message: { role: 'assistant', ...message }, done: true, done_reason: 'stop', ...extra };
}

describe('readOllamaResponse', () => {
  describe('a reply with tool calls', () => {
    it('reads calls as older Ollama writes them: no id, arguments as an object', () => {
      const toolCall = { function: { name: 'add_numbers', arguments: { a: 5, b: 7 } } };
      const body = response({ content: '', tool_calls: [toolCall] });
      const reply = readOllamaResponse({ body });
      expect(reply.toolCalls).toEqual([{ name: 'add_numbers', arguments: { a: 5, b: 7 }, raw: toolCall }]);
      expect(reply.text).toBeNull();
      expect(reply.finishReason).toBe('stop');
      expect(reply.model).toBe('llama3.2');
      expect(reply.assistantMessage).toEqual(body.message);
    });

    it('reads the id and index newer versions add, for several calls in one reply', () => {
      const calls = [
        { id: 'call_a', function: { index: 0, name: 'add_numbers', arguments: { a: 1, b: 2 } } },
        { id: 'call_b', function: { index: 1, name: 'multiply_numbers', arguments: { a: 3, b: 4 } } },
      ];
      const reply = readOllamaResponse({ body: response({ content: '', tool_calls: calls }) });
      expect(reply.toolCalls.map((call) => [call.id, call.name, call.raw])).toEqual([
        ['call_a', 'add_numbers', calls[0]],
        ['call_b', 'multiply_numbers', calls[1]],
      ]);
    });
  });

  describe('a text answer', () => {
    it('reads the content as the answer', () => {
      expect(readOllamaResponse({ body: response({ content: '5 plus 7 is 12.' }) })).toMatchObject({ toolCalls: [], text: '5 plus 7 is 12.' });
    });

    it('keeps the thinking a model wrote in the turn that goes back, but not in the answer', () => {
      const reply = readOllamaResponse({ body: response({ content: '12', thinking: '5 and 7 make 12' }) });
      expect(reply.text).toBe('12');
      expect(reply.assistantMessage).toMatchObject({ thinking: '5 and 7 make 12' });
    });
  });

  describe('a body that is not a whole /api/chat response', () => {
    it.each([
      ['null', null],
      ['an Ollama error', { error: 'model "llama9" not found, try pulling it first' }],
      ['a message from the user', response({}, { message: { role: 'user', content: 'hi' } })],
      ['no done flag', { model: 'x', message: { role: 'assistant', content: 'hi' } }],
      ['a tool call without a name', response({ content: '', tool_calls: [{ function: { arguments: {} } }] })],
    ])('throws a ProviderReplyError for %s', (_label, body) => {
      expect(() => readOllamaResponse({ body })).toThrow(ProviderReplyError);
      expect(() => readOllamaResponse({ body })).toThrow(/not an Ollama \/api\/chat response/);
    });

    it('says a streamed chunk is not the whole answer, and how to ask for one', () => {
      expect(() => readOllamaResponse({ body: response({ content: 'The' }, { done: false }) })).toThrow(/"stream": false/);
    });
  });
});

describe('how an Ollama reply ended', () => {
  it('names done_reason "length" (num_predict reached) the token limit, keeping the half answer', () => {
    const reply = readOllamaResponse({ body: response({ content: '5 plus' }, { done_reason: 'length' }) });
    expect(reply.stop).toEqual({ outcome: 'truncated', cause: 'token-limit', path: 'done_reason', value: 'length' });
    expect(reply.text).toBe('5 plus');
  });

  it('names "length" after whole tool calls what it is: the calls came whole, the limit cut what would have followed them, not their arguments', () => {
    const body = response({ content: '', tool_calls: [{ function: { name: 'add_numbers', arguments: { a: 5, b: 7 } } }] }, { done_reason: 'length' });
    expect(readOllamaResponse({ body }).stop).toEqual({ outcome: 'truncated', cause: 'token-limit-after-calls', path: 'done_reason', value: 'length' });
  });

  it.each(['stop', 'load', 'unload', undefined])('reads done_reason %s as finished', (reason) => {
    expect(readOllamaResponse({ body: response({ content: 'twelve' }, { done_reason: reason }) }).stop).toEqual({ outcome: 'finished' });
  });
});
