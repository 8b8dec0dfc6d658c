import { describe, expect, it } from 'vitest';
import type { McpTool } from '../types.ts';
import { openAiResponsesAdapter } from './openai-responses-adapter.ts';

const addNumbers: McpTool = {
  name: 'add_numbers',
  description: 'Adds two numbers',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
};

describe('openAiResponsesAdapter', () => {
  describe('the request', () => {
    it('posts to /responses with the conversation as input items and the flat tools', () => {
      const tools = openAiResponsesAdapter.prepareTools({ tools: [addNumbers] }).result.tools;
      const conversation = openAiResponsesAdapter.startConversation({ question: 'What is 5 plus 7?' });
      const request = openAiResponsesAdapter.buildRequest({ model: 'gpt-4o-mini', apiKey: 'sk-test', conversation, tools });
      expect(request.path).toBe('/responses');
      expect(request.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer sk-test' });
      expect(request.body).toEqual({ model: 'gpt-4o-mini', input: [{ role: 'user', content: 'What is 5 plus 7?' }], tools });
    });

    it('sends no authorization header without a key, and no tools field without tools', () => {
      const request = openAiResponsesAdapter.buildRequest({ model: 'm', conversation: [{ role: 'user', content: 'hi' }], tools: [] });
      expect(request.headers).not.toHaveProperty('authorization');
      expect(request.body).not.toHaveProperty('tools');
    });
  });

  describe('appending the tool results', () => {
    it('echoes every output item, then one function_call_output per call; the outputs are the T3 output', () => {
      const reasoning = { id: 'rs_1', type: 'reasoning', summary: [] };
      const call = { id: 'fc_1', type: 'function_call', status: 'completed', call_id: 'call_1', name: 'add_numbers', arguments: '{"a":5,"b":7}' };
      const reply = openAiResponsesAdapter.readResponse({ body: { id: 'resp_1', object: 'response', output: [reasoning, call] } });
      const conversation = openAiResponsesAdapter.startConversation({ question: 'What is 5 plus 7?' });
      const appended = openAiResponsesAdapter.appendToolResults({
        conversation,
        reply,
        results: [{ call: reply.toolCalls[0]!, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }] } } }],
      });
      const output = { type: 'function_call_output', call_id: 'call_1', output: 'Result: 12' };
      expect(appended.result.conversation).toEqual([{ role: 'user', content: 'What is 5 plus 7?' }, reasoning, call, output]);
      expect(appended.result.messages).toEqual([output]);
    });
  });
});
