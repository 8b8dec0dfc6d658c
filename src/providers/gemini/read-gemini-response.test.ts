import { describe, expect, it } from 'vitest';
import { ProviderReplyError } from '../types.ts';
import { readGeminiResponse } from './read-gemini-response.ts';

function response(parts: unknown[], finishReason = 'STOP') {
  return { candidates: [{ content: { role: 'model', parts }, finishReason, index: 0 }], modelVersion: 'gemini-test' };
}

describe('readGeminiResponse', () => {
  describe('a reply with function calls', () => {
    it('reads each call with its id, name, args object and the whole part as raw', () => {
      const part = { functionCall: { id: 'call_1', name: 'add_numbers', args: { a: 5, b: 7 } }, thoughtSignature: 'c2ln' };
      const body = response([part]);
      const reply = readGeminiResponse({ body });
      expect(reply.toolCalls).toEqual([{ id: 'call_1', name: 'add_numbers', arguments: { a: 5, b: 7 }, raw: part }]);
      expect(reply.text).toBeNull();
      expect(reply.finishReason).toBe('STOP');
      expect(reply.model).toBe('gemini-test');
      // The model turn goes back whole, thought signature included.
      expect(reply.assistantMessage).toEqual(body.candidates[0]!.content);
    });

    it('reads several calls in one turn, in order, and calls without an id', () => {
      const reply = readGeminiResponse({
        body: response([{ functionCall: { name: 'add_numbers', args: { a: 1, b: 2 } } }, { functionCall: { name: 'multiply_numbers', args: { a: 3, b: 4 } } }]),
      });
      expect(reply.toolCalls.map((call) => [call.id, call.name])).toEqual([
        [undefined, 'add_numbers'],
        [undefined, 'multiply_numbers'],
      ]);
      expect('id' in reply.toolCalls[0]!).toBe(false);
    });
  });

  describe('a text answer', () => {
    it('joins the text parts and leaves out thought summaries', () => {
      const reply = readGeminiResponse({ body: response([{ text: 'Let me add.', thought: true }, { text: '5 plus 7 ' }, { text: 'is 12.' }]) });
      expect(reply).toMatchObject({ toolCalls: [], text: '5 plus 7 is 12.', finishReason: 'STOP' });
    });

    it('gives the model turn a role when Gemini left it out, so it is not taken for the user', () => {
      const reply = readGeminiResponse({ body: { candidates: [{ content: { parts: [{ text: 'hi' }] } }] } });
      expect(reply.assistantMessage).toEqual({ role: 'model', parts: [{ text: 'hi' }] });
      expect(reply.model).toBeNull();
    });
  });

  describe('a body that is not a usable generateContent response', () => {
    it.each([
      ['null', null],
      ['a string', 'hello'],
      ['no candidates', { candidates: [] }],
      ['a Google error', { error: { code: 400, message: 'API key not valid', status: 'INVALID_ARGUMENT' } }],
      ['a function call without a name', response([{ functionCall: { args: {} } }])],
      ['parts that are not a list', { candidates: [{ content: { role: 'model', parts: 'five' } }] }],
    ])('throws a ProviderReplyError for %s', (_label, body) => {
      expect(() => readGeminiResponse({ body })).toThrow(ProviderReplyError);
      expect(() => readGeminiResponse({ body })).toThrow(/not a Gemini generateContent response/);
    });

    it('says a candidate that finished came back empty, rather than answer with nothing', () => {
      expect(() => readGeminiResponse({ body: { candidates: [{ finishReason: 'STOP' }] } })).toThrow(/no content \(finishReason STOP\)/);
    });
  });
});
