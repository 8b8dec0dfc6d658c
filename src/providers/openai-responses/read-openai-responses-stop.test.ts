import { describe, expect, it } from 'vitest';
import reasoningThenMessage from './__fixtures__/reasoning-then-message.json';
import { readOpenAiResponsesResponse } from './read-openai-responses-response.ts';

function response(output: unknown[], extra: Record<string, unknown> = {}) {
  return { id: 'resp_1', object: 'response', status: 'completed', model: 'gpt-test', error: null, incomplete_details: null, output, ...extra };
}

const partialMessage = {
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  status: 'incomplete',
  content: [{ type: 'output_text', text: '5 plus', annotations: [] }],
};

describe('how a Responses API response ended', () => {
  it('names status "incomplete" with reason max_output_tokens as the token limit, keeping the half answer', () => {
    const reply = readOpenAiResponsesResponse({
      body: response([partialMessage], { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } }),
    });
    expect(reply.stop).toEqual({ outcome: 'truncated', cause: 'token-limit', path: 'incomplete_details.reason', value: 'max_output_tokens' });
    expect(reply.text).toBe('5 plus');
  });

  it('names a function_call cut by max_output_tokens a cut tool call', () => {
    const call = { id: 'fc_1', type: 'function_call', status: 'incomplete', call_id: 'call_1', name: 'add_numbers', arguments: '{"a":5,' };
    const reply = readOpenAiResponsesResponse({ body: response([call], { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } }) });
    expect(reply.stop).toMatchObject({ outcome: 'truncated', cause: 'tool-call-cut' });
  });

  it('names reason content_filter as OpenAI’s filter', () => {
    const reply = readOpenAiResponsesResponse({ body: response([], { status: 'incomplete', incomplete_details: { reason: 'content_filter' } }) });
    expect(reply.stop).toMatchObject({ outcome: 'blocked', cause: 'content-filter', value: 'content_filter' });
  });

  it('does not call an incomplete response with a reason OpenAI does not document finished', () => {
    expect(readOpenAiResponsesResponse({ body: response([], { status: 'incomplete', incomplete_details: null }) }).stop).toMatchObject({
      outcome: 'failed',
      cause: 'other',
      path: 'status',
      value: 'incomplete',
    });
  });

  it.each([
    ['in_progress', 'in_progress'],
    ['queued', 'queued'],
    [null, 'missing'],
  ])('reads status %s as a response never said to be over: interrupted', (status, value) => {
    expect(readOpenAiResponsesResponse({ body: response([partialMessage], { status }) }).stop).toEqual({
      outcome: 'interrupted',
      cause: 'stop-missing',
      path: 'status',
      value,
    });
  });

  it('reads status "completed" as finished', () => {
    expect(readOpenAiResponsesResponse({ body: response([partialMessage]) }).stop).toEqual({ outcome: 'finished' });
  });
});

describe('a Responses reply recorded from the real API (gpt-5-mini with reasoning)', () => {
  it('reads the message as the answer and keeps the reasoning item, encrypted content and all, to echo back', () => {
    const reply = readOpenAiResponsesResponse({ body: reasoningThenMessage });
    expect(reply.stop).toEqual({ outcome: 'finished' });
    expect(reply.text).toBe('12 + 7 = 19\n19 × 3 = 57\n57 × 10 = 570\n\nFinal result: 570');
    expect(reply.assistantMessage.map((item) => item.type)).toEqual(['reasoning', 'message']);
    expect(reply.assistantMessage[0]).toEqual(reasoningThenMessage.output[0]);
  });
});
