import { describe, expect, it } from 'vitest';
import { ProviderReplyError } from '../types.ts';
import { readOpenAiResponsesResponse } from './read-openai-responses-response.ts';

const functionCall = { id: 'fc_1', type: 'function_call', status: 'completed', call_id: 'call_1', name: 'add_numbers', arguments: '{"a":5,"b":7}' };
const reasoning = { id: 'rs_1', type: 'reasoning', summary: [] };

function response(output: unknown[], extra: Record<string, unknown> = {}) {
  return { id: 'resp_1', object: 'response', status: 'completed', model: 'gpt-test', error: null, incomplete_details: null, output, ...extra };
}

function message(...content: unknown[]) {
  return { id: 'msg_1', type: 'message', role: 'assistant', status: 'completed', content };
}

describe('readOpenAiResponsesResponse', () => {
  describe('a reply with function calls', () => {
    it('reads each function_call item with its call_id as id, its arguments string and the raw item', () => {
      const second = { ...functionCall, id: 'fc_2', call_id: 'call_2', arguments: '{"a":3,"b":4}' };
      const reply = readOpenAiResponsesResponse({ body: response([functionCall, second]) });
      expect(reply.toolCalls).toEqual([
        { id: 'call_1', name: 'add_numbers', arguments: '{"a":5,"b":7}', raw: functionCall },
        { id: 'call_2', name: 'add_numbers', arguments: '{"a":3,"b":4}', raw: second },
      ]);
      expect(reply).toMatchObject({ text: null, finishReason: 'completed', model: 'gpt-test' });
    });

    it('keeps every output item, reasoning included, to echo back', () => {
      const reply = readOpenAiResponsesResponse({ body: response([reasoning, functionCall]) });
      expect(reply.assistantMessage).toEqual([reasoning, functionCall]);
      expect(reply.toolCalls).toHaveLength(1);
    });
  });

  describe('a text answer', () => {
    it('joins the output_text parts of the message items', () => {
      const reply = readOpenAiResponsesResponse({
        body: response([message({ type: 'output_text', text: '5 plus 7 ', annotations: [] }, { type: 'output_text', text: 'is 12.', annotations: [] })]),
      });
      expect(reply).toMatchObject({ toolCalls: [], text: '5 plus 7 is 12.' });
    });

    it('reads a refusal as the model declining, not as the answer', () => {
      const reply = readOpenAiResponsesResponse({ body: response([message({ type: 'refusal', refusal: 'I cannot help.' })]) });
      expect(reply.text).toBeNull();
      expect(reply.stop).toEqual({
        outcome: 'refused',
        cause: 'refusal',
        path: 'output[0].content[0].refusal',
        value: 'I cannot help.',
        message: 'I cannot help.',
      });
    });

    it('says why an incomplete response stopped', () => {
      const body = response([message({ type: 'output_text', text: '5 plus', annotations: [] })], {
        status: 'incomplete',
        incomplete_details: { reason: 'max_output_tokens' },
      });
      expect(readOpenAiResponsesResponse({ body }).finishReason).toBe('incomplete: max_output_tokens');
    });
  });

  describe('a body that is not a Responses API response', () => {
    it.each([
      ['null', null],
      ['a Chat Completions body', { object: 'chat.completion', choices: [{ message: { role: 'assistant', content: 'hi' } }] }],
      ['an error object', { error: { message: 'Invalid API key' } }],
      ['no output', { id: 'resp_1', object: 'response' }],
    ])('throws a ProviderReplyError for %s', (_label, body) => {
      expect(() => readOpenAiResponsesResponse({ body })).toThrow(ProviderReplyError);
      expect(() => readOpenAiResponsesResponse({ body })).toThrow(/not a Responses API response/);
    });

    it('names the field of a function_call item that is missing', () => {
      const { call_id: _callId, ...withoutCallId } = functionCall;
      expect(() => readOpenAiResponsesResponse({ body: response([withoutCallId]) })).toThrow(/output\.0\.call_id/);
    });

    it('names a message item that has no content list', () => {
      expect(() => readOpenAiResponsesResponse({ body: response([{ type: 'message', role: 'assistant', content: 'hi' }]) })).toThrow(/output\.0\.content/);
    });

    it('explains a failed response with its error message', () => {
      const body = response([], { status: 'failed', error: { code: 'server_error', message: 'The model crashed' } });
      expect(() => readOpenAiResponsesResponse({ body })).toThrow(/failed: The model crashed/);
    });
  });
});
