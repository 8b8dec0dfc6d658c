import { describe, expect, it } from 'vitest';
import lengthCut from './openai-chat/__fixtures__/length-cut.json';
import parallelCalls from './openai-chat/__fixtures__/parallel-calls.json';
import refusal from './openai-chat/__fixtures__/refusal.json';
import { readOpenAiChatResponse } from './openai-chat/read-openai-chat-response.ts';
import { readOpenAiFunctionsResponse } from './openai-functions/read-openai-functions-response.ts';

/** Both formats that speak Chat Completions end a turn the same way: one table, two readers. */
const READERS = [
  ['tools', readOpenAiChatResponse],
  ['legacy functions', readOpenAiFunctionsResponse],
] as const;

function completion(message: Record<string, unknown>, finishReason: string | null) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: 'gpt-test',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finishReason }],
  };
}

describe.each(READERS)('how a Chat Completions turn ended (%s)', (_format, read) => {
  it('names a refusal, with the model’s words, when message.refusal is set (finish_reason is "stop")', () => {
    const reply = read({ body: completion({ content: null, refusal: 'I can’t help with that.' }, 'stop') });
    expect(reply.stop).toEqual({
      outcome: 'refused',
      cause: 'refusal',
      path: 'choices[0].message.refusal',
      value: 'I can’t help with that.',
      message: 'I can’t help with that.',
    });
    expect(reply.text).toBeNull();
  });

  it('names "length" as the token limit and keeps the half answer', () => {
    const reply = read({ body: completion({ content: '5 plus 7', refusal: null }, 'length') });
    expect(reply.stop).toEqual({ outcome: 'truncated', cause: 'token-limit', path: 'choices[0].finish_reason', value: 'length' });
    expect(reply.text).toBe('5 plus 7');
  });

  it('names "content_filter" as OpenAI’s filter', () => {
    expect(read({ body: completion({ content: null }, 'content_filter') }).stop).toMatchObject({
      outcome: 'blocked',
      cause: 'content-filter',
      value: 'content_filter',
    });
  });

  it.each(['stop', 'tool_calls', 'function_call'])('reads finish_reason %s as a finished turn', (reason) => {
    expect(read({ body: completion({ content: 'twelve', refusal: null }, reason) }).stop).toEqual({ outcome: 'finished' });
  });

  it('reads a reply with no finish_reason as one never said to be over: interrupted, the text kept as part of a reply', () => {
    const reply = read({ body: completion({ content: 'The answer is', refusal: null }, null) });
    expect(reply.stop).toEqual({ outcome: 'interrupted', cause: 'stop-missing', path: 'choices[0].finish_reason', value: 'missing' });
    expect(reply.text).toBe('The answer is');
  });

  it('reads an empty refusal as no refusal', () => {
    expect(read({ body: completion({ content: 'twelve', refusal: '' }, 'stop') }).stop).toEqual({ outcome: 'finished' });
  });
});

describe('a tool call cut mid-arguments', () => {
  it('is named a cut tool call when "length" ends a message that holds calls (tools)', () => {
    const call = { id: 'call_1', type: 'function', function: { name: 'add_numbers', arguments: '{"a":5,"b' } };
    expect(readOpenAiChatResponse({ body: completion({ content: null, tool_calls: [call] }, 'length') }).stop).toMatchObject({
      outcome: 'truncated',
      cause: 'tool-call-cut',
    });
  });

  it('is named a cut tool call when "length" ends a message with a function_call (legacy functions)', () => {
    const body = completion({ content: null, function_call: { name: 'add_numbers', arguments: '{"a":5' } }, 'length');
    expect(readOpenAiFunctionsResponse({ body }).stop).toMatchObject({ outcome: 'truncated', cause: 'tool-call-cut' });
  });
});

describe('Chat Completions replies recorded from the real API (openai-python’s snapshots)', () => {
  it('reads the recorded refusal as refused, with no answer', () => {
    const reply = readOpenAiChatResponse({ body: refusal });
    expect(reply.stop).toMatchObject({ outcome: 'refused', message: "I'm very sorry, but I can't assist with that." });
    expect(reply).toMatchObject({ text: null, toolCalls: [], model: 'gpt-4o-2024-08-06' });
  });

  it('reads the recorded max_tokens: 1 reply as truncated, with the one token that came', () => {
    const reply = readOpenAiChatResponse({ body: lengthCut });
    expect(reply.stop).toMatchObject({ outcome: 'truncated', cause: 'token-limit' });
    expect(reply.text).toBe('{"');
  });

  it('reads the recorded parallel calls in order, each with its id, as a finished turn', () => {
    const reply = readOpenAiChatResponse({ body: parallelCalls });
    expect(reply.stop).toEqual({ outcome: 'finished' });
    expect(reply.toolCalls.map((call) => [call.id, call.name, call.arguments])).toEqual([
      ['call_fdNz3vOBKYgOIpMdWotB9MjY', 'GetWeatherArgs', '{"city": "Edinburgh", "country": "GB", "units": "c"}'],
      ['call_h1DWI1POMJLb0KwIyQHWXD4p', 'get_stock_price', '{"ticker": "AAPL", "exchange": "NASDAQ"}'],
    ]);
  });
});
