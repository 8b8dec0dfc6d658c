import { describe, expect, it } from 'vitest';
import type { ToolRoundResult } from '../types.ts';
import { anthropicAdapter } from './anthropic-adapter.ts';
import { readAnthropicResponse } from './read-anthropic-response.ts';

const tools = anthropicAdapter.prepareTools({
  tools: [{ name: 'add_numbers', description: 'Adds two numbers', inputSchema: { type: 'object', properties: { a: { type: 'number' } } } }],
}).result.tools;

describe('anthropicAdapter', () => {
  describe('buildRequest', () => {
    it('posts to /messages with max_tokens, the version header, browser access and the key as x-api-key', () => {
      const conversation = anthropicAdapter.startConversation({ question: 'What is 5 plus 7?' });
      const request = anthropicAdapter.buildRequest({ model: 'claude-haiku-4-5', apiKey: 'sk-ant-test', conversation, tools });
      expect(request.path).toBe('/messages');
      expect(request.headers).toEqual({
        'content-type': 'application/json',
        'anthropic-version': '2023-06-01',
        'anthropic-dangerous-direct-browser-access': 'true',
        'x-api-key': 'sk-ant-test',
      });
      expect(request.body).toEqual({ model: 'claude-haiku-4-5', max_tokens: 1024, messages: [{ role: 'user', content: 'What is 5 plus 7?' }], tools });
    });

    it('sends no key header and no tools field when there are none', () => {
      const request = anthropicAdapter.buildRequest({ model: 'm', conversation: [], tools: [] });
      expect(request.headers).not.toHaveProperty('x-api-key');
      expect(request.headers).not.toHaveProperty('authorization');
      expect(request.body).not.toHaveProperty('tools');
    });
  });

  describe('appendToolResults', () => {
    it('echoes the assistant turn unchanged, then one user message with the tool_result blocks', () => {
      const toolUse = { type: 'tool_use', id: 'toolu_1', name: 'add_numbers', input: { a: 5, b: 7 } };
      const reply = readAnthropicResponse({ body: { type: 'message', role: 'assistant', model: 'm', content: [toolUse], stop_reason: 'tool_use' } });
      const results: ToolRoundResult[] = [
        { call: reply.toolCalls[0]!, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Result: 12' }] } } },
      ];
      const conversation = anthropicAdapter.startConversation({ question: 'What is 5 plus 7?' });
      const { result } = anthropicAdapter.appendToolResults({ conversation, reply, results });
      const toolResults = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'Result: 12' }] }] };
      expect(result.conversation).toEqual([{ role: 'user', content: 'What is 5 plus 7?' }, { role: 'assistant', content: [toolUse] }, toolResults]);
      expect(result.messages).toEqual([toolResults]);
      expect(conversation).toHaveLength(1);
    });
  });

  it('describes itself for the settings and the engine', () => {
    expect(anthropicAdapter).toMatchObject({
      id: 'anthropic',
      mockBasePath: '/mock/anthropic/v1',
      defaultBaseUrl: 'https://api.anthropic.com/v1',
      supportsStrict: false,
    });
  });
});
