import { describe, expect, it } from 'vitest';
import type { ProviderReply } from '../types.ts';
import { ollamaAdapter } from './ollama-adapter.ts';
import type { OllamaAssistantMessage } from './read-ollama-response.ts';

describe('ollamaAdapter', () => {
  describe('buildRequest', () => {
    const conversation = ollamaAdapter.startConversation({ question: 'What is 5 plus 7?' });
    const tools = ollamaAdapter.prepareTools({ tools: [{ name: 'add_numbers', inputSchema: { type: 'object' } }] }).result.tools;

    it('posts to /api/chat and asks for one whole reply with "stream": false', () => {
      const request = ollamaAdapter.buildRequest({ model: 'llama3.2', conversation, tools });
      expect(request.path).toBe('/api/chat');
      expect(request.headers).toEqual({ 'content-type': 'application/json' });
      expect(request.body).toEqual({ model: 'llama3.2', messages: [{ role: 'user', content: 'What is 5 plus 7?' }], tools, stream: false });
    });

    it('sends a key as a bearer token only when one is given, and no tools field without tools', () => {
      const request = ollamaAdapter.buildRequest({ model: 'llama3.2', apiKey: 'k', conversation, tools: [] });
      expect(request.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer k' });
      expect(request.body).toEqual({ model: 'llama3.2', messages: conversation, stream: false });
    });
  });

  describe('appendToolResults', () => {
    it('echoes the assistant message with its tool calls, then one tool message per call', () => {
      const assistant: OllamaAssistantMessage = {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: 'add_numbers', arguments: { a: 5, b: 7 } } }],
      };
      const reply: ProviderReply<OllamaAssistantMessage> = {
        toolCalls: [{ name: 'add_numbers', arguments: { a: 5, b: 7 }, raw: assistant.tool_calls?.[0] }],
        text: null,
        stop: { outcome: 'finished' },
        assistantMessage: assistant,
        finishReason: 'stop',
        model: 'llama3.2',
      };
      const conversation = ollamaAdapter.startConversation({ question: 'What is 5 plus 7?' });
      const { result } = ollamaAdapter.appendToolResults({
        conversation,
        reply,
        results: [{ call: reply.toolCalls[0]!, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }] } } }],
      });
      const toolMessage = { role: 'tool', tool_name: 'add_numbers', content: 'Result: 12' };
      expect(result.conversation).toEqual([...conversation, assistant, toolMessage]);
      expect(result.messages).toEqual([toolMessage]);
    });
  });
});
