import { describe, expect, it } from 'vitest';
import type { ProviderReply } from '../types.ts';
import type { GeminiModelTurn } from './gemini-content.ts';
import { geminiAdapter } from './gemini-adapter.ts';

describe('geminiAdapter', () => {
  describe('buildRequest', () => {
    const conversation = geminiAdapter.startConversation({ question: 'What is 5 plus 7?' });
    const tools = geminiAdapter.prepareTools({ tools: [{ name: 'add_numbers', inputSchema: { type: 'object' } }] }).result.tools;

    it('puts the model in the path and the key in x-goog-api-key', () => {
      const request = geminiAdapter.buildRequest({ model: 'gemini-2.5-flash', apiKey: 'key-1', conversation, tools });
      expect(request.path).toBe('/models/gemini-2.5-flash:generateContent');
      expect(request.headers).toEqual({ 'content-type': 'application/json', 'x-goog-api-key': 'key-1' });
      expect(request.body).toEqual({ contents: [{ role: 'user', parts: [{ text: 'What is 5 plus 7?' }] }], tools });
    });

    it('accepts a model written the way Gemini lists it, "models/…"', () => {
      expect(geminiAdapter.buildRequest({ model: 'models/gemini-2.5-flash', conversation, tools }).path).toBe('/models/gemini-2.5-flash:generateContent');
    });

    it('sends no key header without a key, and no tools field without tools', () => {
      const request = geminiAdapter.buildRequest({ model: 'mock', conversation, tools: [] });
      expect(request.headers).toEqual({ 'content-type': 'application/json' });
      expect(request.body).toEqual({ contents: conversation });
    });
  });

  describe('appendToolResults', () => {
    it('echoes the model turn, then adds the user turn with the function responses', () => {
      const modelTurn = { role: 'model', parts: [{ functionCall: { id: 'c1', name: 'add_numbers', args: { a: 5, b: 7 } }, thoughtSignature: 'c2ln' }] };
      const reply: ProviderReply<GeminiModelTurn> = {
        toolCalls: [{ id: 'c1', name: 'add_numbers', arguments: { a: 5, b: 7 }, raw: modelTurn.parts[0] }],
        text: null,
        stop: { outcome: 'finished' },
        assistantMessage: modelTurn,
        finishReason: 'STOP',
        model: null,
      };
      const conversation = geminiAdapter.startConversation({ question: 'What is 5 plus 7?' });
      const { result } = geminiAdapter.appendToolResults({
        conversation,
        reply,
        results: [{ call: reply.toolCalls[0]!, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }] } } }],
      });
      const answer = { role: 'user', parts: [{ functionResponse: { id: 'c1', name: 'add_numbers', response: { output: 'Result: 12' } } }] };
      expect(result.conversation).toEqual([...conversation, modelTurn, answer]);
      expect(result.messages).toEqual([answer]);
    });
  });
});
