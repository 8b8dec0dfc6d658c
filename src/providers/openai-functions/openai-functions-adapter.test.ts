import { describe, expect, it } from 'vitest';
import type { McpTool } from '../types.ts';
import { openAiFunctionsAdapter } from './openai-functions-adapter.ts';

const addNumbers: McpTool = {
  name: 'add_numbers',
  description: 'Adds two numbers',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
};

describe('openAiFunctionsAdapter', () => {
  describe('the request', () => {
    it('posts to /chat/completions with the key as a Bearer token and the tools in "functions"', () => {
      const tools = openAiFunctionsAdapter.prepareTools({ tools: [addNumbers] }).result.tools;
      const conversation = openAiFunctionsAdapter.startConversation({ question: 'What is 5 plus 7?' });
      const request = openAiFunctionsAdapter.buildRequest({ model: 'gpt-4o-mini', apiKey: 'sk-test', conversation, tools });
      expect(request.path).toBe('/chat/completions');
      expect(request.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer sk-test' });
      expect(request.body).toEqual({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'What is 5 plus 7?' }], functions: tools });
      expect(request.body).not.toHaveProperty('tools');
    });

    it('sends no authorization header without a key, and no "functions" without tools', () => {
      const request = openAiFunctionsAdapter.buildRequest({ model: 'm', conversation: [{ role: 'user', content: 'hi' }], tools: [] });
      expect(request.headers).not.toHaveProperty('authorization');
      expect(request.body).not.toHaveProperty('functions');
    });

    it('has no strict mode to offer', () => {
      expect(openAiFunctionsAdapter.supportsStrict).toBe(false);
      expect(openAiFunctionsAdapter.mockBasePath).toBe('/mock/openai-functions/v1');
    });
  });

  describe('appending the tool results', () => {
    it('echoes the assistant turn, then one function message; the messages are the T3 output', () => {
      const body = {
        model: 'm',
        choices: [
          { message: { role: 'assistant', content: null, function_call: { name: 'add_numbers', arguments: '{"a":5,"b":7}' } }, finish_reason: 'function_call' },
        ],
      };
      const reply = openAiFunctionsAdapter.readResponse({ body });
      const conversation = openAiFunctionsAdapter.startConversation({ question: 'What is 5 plus 7?' });
      const appended = openAiFunctionsAdapter.appendToolResults({
        conversation,
        reply,
        results: [{ call: reply.toolCalls[0]!, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }] } } }],
      });
      expect(appended.result.conversation).toEqual([
        { role: 'user', content: 'What is 5 plus 7?' },
        { role: 'assistant', content: null, function_call: { name: 'add_numbers', arguments: '{"a":5,"b":7}' } },
        { role: 'function', name: 'add_numbers', content: 'Result: 12' },
      ]);
      expect(appended.result.messages).toEqual([{ role: 'function', name: 'add_numbers', content: 'Result: 12' }]);
      expect(conversation).toHaveLength(1);
    });
  });
});
