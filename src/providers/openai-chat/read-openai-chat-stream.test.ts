import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitStreamText } from '../stream-frames.ts';
import type { StreamFrame, StreamView } from '../stream-reader.ts';
import { ProviderReplyError } from '../types.ts';
import { readOpenAiFunctionsResponse } from '../openai-functions/read-openai-functions-response.ts';
import { createOpenAiChatStreamReader } from './read-openai-chat-stream.ts';
import { readOpenAiChatResponse } from './read-openai-chat-response.ts';

function readFixture(name: string): StreamFrame[] {
  return splitStreamText({ text: readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'), framing: 'sse' });
}

function feedAll(frames: StreamFrame[]) {
  const reader = createOpenAiChatStreamReader();
  const views: StreamView[] = frames.map((frame) => {
    reader.feed(frame);
    return reader.view();
  });
  return { reader, views };
}

const chunk = (delta: Record<string, unknown>, finish: string | null = null): StreamFrame => ({
  data: JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] }),
});

describe('createOpenAiChatStreamReader', () => {
  it('grows the arguments of a recorded call fragment by fragment and marks the frame where they first parse', () => {
    const frames = readFixture('openai-python-tool-call.sse.txt');
    const { views } = feedAll(frames);
    const buffers = views.map((view) => view.calls[0]?.argumentsText);
    expect(buffers[0]).toBe('');
    expect(buffers[1]).toBe('{"');
    expect(buffers[2]).toBe('{"city');
    const parsedAt = views.at(-1)!.calls[0]!.parsedAtFrame!;
    expect(buffers[parsedAt]).toBe('{"city":"San Francisco","state":"CA"}');
    expect(views[parsedAt - 1]!.calls[0]!.parsedAtFrame).toBeNull();
    expect(views.at(-1)!).toMatchObject({ ended: true, finishReason: 'tool_calls', text: '' });
    expect(views.at(-1)!.calls[0]).toMatchObject({ id: 'call_CTf1nWJLqSeRgDqaCG27xZ74', name: 'get_weather', arrival: 'fragments', firstFrame: 0 });
  });

  it('reassembles a recorded stream into the reply the whole-reply reader reads, usage from the last chunk included', () => {
    const { reader } = feedAll(readFixture('openai-python-tool-call.sse.txt'));
    const body = reader.assemble();
    const reply = readOpenAiChatResponse({ body });
    expect(reply.toolCalls).toEqual([
      { id: 'call_CTf1nWJLqSeRgDqaCG27xZ74', name: 'get_weather', arguments: '{"city":"San Francisco","state":"CA"}', raw: expect.anything() },
    ]);
    expect(reply).toMatchObject({ finishReason: 'tool_calls', model: 'gpt-4o-2024-08-06', text: null });
    expect(body).toMatchObject({ usage: { prompt_tokens: 48, completion_tokens: 19, total_tokens: 67 } });
  });

  it('keeps parallel calls apart by index, each parsing at its own frame', () => {
    const { reader, views } = feedAll(readFixture('openai-python-parallel-tool-calls.sse.txt'));
    const [weather, stock] = views.at(-1)!.calls;
    expect(weather).toMatchObject({ index: 0, name: 'GetWeatherArgs', argumentsText: '{"city": "Edinburgh", "country": "GB", "units": "c"}' });
    expect(stock).toMatchObject({ index: 1, name: 'get_stock_price', argumentsText: '{"ticker": "AAPL", "exchange": "NASDAQ"}' });
    expect(weather!.parsedAtFrame!).toBeLessThan(stock!.firstFrame);
    expect(stock!.parsedAtFrame!).toBeGreaterThan(stock!.firstFrame);
    expect(readOpenAiChatResponse({ body: reader.assemble() }).toolCalls.map((call) => call.name)).toEqual(['GetWeatherArgs', 'get_stock_price']);
  });

  it('joins a recorded text answer', () => {
    const { reader, views } = feedAll(readFixture('openai-node-text.sse.txt'));
    expect(views[2]!.text).toBe('{"city');
    expect(readOpenAiChatResponse({ body: reader.assemble() })).toMatchObject({
      text: '{"city":"San Francisco","units":"c"}',
      toolCalls: [],
      finishReason: 'stop',
    });
  });

  it('follows interleaved calls whose arguments are cut mid-key and mid-string', () => {
    const frames = [
      chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'add', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'echo', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"a' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: '{"text":"he' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '":5,"b":7}' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: 'llo}"}' } }] }),
      chunk({}, 'tool_calls'),
      { data: '[DONE]' },
    ];
    const { reader, views } = feedAll(frames);
    expect(views.at(-1)!.calls.map((call) => [call.argumentsText, call.parsedAtFrame])).toEqual([
      ['{"a":5,"b":7}', 4],
      ['{"text":"hello}"}', 5],
    ]);
    expect(readOpenAiChatResponse({ body: reader.assemble() }).toolCalls.map((call) => call.id)).toEqual(['call_a', 'call_b']);
  });

  it('reads the legacy delta.function_call into message.function_call', () => {
    const frames = [
      chunk({ role: 'assistant', content: null, function_call: { name: 'add', arguments: '' } }),
      chunk({ function_call: { arguments: '{"a":5,' } }),
      chunk({ function_call: { arguments: '"b":7}' } }),
      chunk({}, 'function_call'),
      { data: '[DONE]' },
    ];
    const { reader, views } = feedAll(frames);
    expect(views.at(-1)!.calls[0]).toMatchObject({ name: 'add', argumentsText: '{"a":5,"b":7}', parsedAtFrame: 2 });
    expect(readOpenAiFunctionsResponse({ body: reader.assemble() }).toolCalls).toEqual([expect.objectContaining({ name: 'add', arguments: '{"a":5,"b":7}' })]);
  });

  it('leaves out an id the provider never sent (a compatible server), so the host answers the call by position', () => {
    const { reader } = feedAll([chunk({ tool_calls: [{ index: 0, function: { name: 'add', arguments: '{}' } }] }), chunk({}, 'tool_calls')]);
    const reply = readOpenAiChatResponse({ body: reader.assemble() });
    expect(reply.toolCalls).toHaveLength(1);
    expect(reply.toolCalls[0]).not.toHaveProperty('id');
    expect(reply.toolCalls[0]).toMatchObject({ name: 'add', arguments: '{}' });
  });

  it('is over once a chunk carries the finish_reason, with or without [DONE] after it, and not before', () => {
    const frames = readFixture('openai-python-tool-call.sse.txt');
    const finish = frames.findIndex((frame) => frame.data.includes('"finish_reason":"tool_calls"'));
    const { views } = feedAll(frames);
    expect(views.slice(0, finish).every((view) => !view.ended)).toBe(true);
    expect(views.slice(finish).every((view) => view.ended)).toBe(true);
    expect(feedAll([chunk({ content: 'The answer is' }), { data: '[DONE]' }]).views.at(-1)).toMatchObject({ ended: false, finishReason: null });
  });

  it('keeps the id and name a call first came with when later pieces repeat them empty (id: "", name: "")', () => {
    const { reader, views } = feedAll([
      chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'add_numbers', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 0, id: '', type: 'function', function: { name: '', arguments: '{"a":5,' } }] }),
      chunk({ tool_calls: [{ index: 0, id: '', function: { name: '', arguments: '"b":7}' } }] }),
      chunk({}, 'tool_calls'),
    ]);
    expect(views.at(-1)!.calls[0]).toMatchObject({ id: 'call_1', name: 'add_numbers', argumentsText: '{"a":5,"b":7}' });
    expect(readOpenAiChatResponse({ body: reader.assemble() }).toolCalls).toEqual([expect.objectContaining({ id: 'call_1', name: 'add_numbers' })]);
  });

  it('joins DeepSeek’s reasoning_content pieces into the message, as the whole reply carries it', () => {
    const { reader } = feedAll([
      chunk({ role: 'assistant', content: null, reasoning_content: 'The user wants ' }),
      chunk({ reasoning_content: 'a sum.' }),
      chunk({ content: 'Twelve.' }),
      chunk({}, 'stop'),
    ]);
    expect(reader.assemble()).toMatchObject({ choices: [{ message: { content: 'Twelve.', reasoning_content: 'The user wants a sum.' } }] });
  });

  it('refuses a frame that is not JSON, and passes on an error frame', () => {
    expect(() => createOpenAiChatStreamReader().feed({ data: '{"choices": [' })).toThrow(ProviderReplyError);
    expect(() => createOpenAiChatStreamReader().feed({ data: '{"error":{"message":"overloaded"}}' })).toThrow(/overloaded/);
  });
});
