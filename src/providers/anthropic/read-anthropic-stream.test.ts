import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitStreamText } from '../stream-frames.ts';
import type { StreamFrame, StreamView } from '../stream-reader.ts';
import { createAnthropicStreamReader } from './read-anthropic-stream.ts';
import { readAnthropicResponse } from './read-anthropic-response.ts';

function readFixture(name: string): StreamFrame[] {
  return splitStreamText({ text: readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'), framing: 'sse' });
}

function feedAll(frames: StreamFrame[]) {
  const reader = createAnthropicStreamReader();
  const views: StreamView[] = frames.map((frame) => {
    reader.feed(frame);
    return reader.view();
  });
  return { reader, views };
}

describe('createAnthropicStreamReader', () => {
  it('grows the recorded tool_use input from its input_json_delta pieces and marks where it first parses', () => {
    const frames = readFixture('anthropic-sdk-tool-use.sse.txt');
    expect(frames.map((frame) => frame.event)).toContain('ping');
    const { views } = feedAll(frames);
    const start = frames.findIndex((frame) => frame.data.includes('"tool_use"'));
    const buffers = views.slice(start).map((view) => view.calls[0]?.argumentsText);
    expect(buffers.slice(0, 6)).toEqual(['', '', '{"locati', '{"location": "P', '{"location": "Par', '{"location": "Paris"}']);
    const call = views.at(-1)!.calls[0]!;
    expect(call).toMatchObject({ id: 'toolu_01NRLabsLyVHZPKxbKvkfSMn', name: 'get_weather', parsedAtFrame: start + 5, fragments: 4 });
    expect(views[start + 4]!.calls[0]!.parsedAtFrame).toBeNull();
    expect(views.at(-1)).toMatchObject({ text: "I'll check the current weather in Paris for you.", finishReason: 'tool_use', ended: true });
  });

  it('reassembles the recorded stream into the message the whole-reply reader reads', () => {
    const { reader } = feedAll(readFixture('anthropic-sdk-tool-use.sse.txt'));
    const body = reader.assemble();
    expect(body).toMatchObject({ id: 'msg_019Q1hrJbZG26Fb9BQhrkHEr', stop_reason: 'tool_use', usage: { input_tokens: 377, output_tokens: 65 } });
    const reply = readAnthropicResponse({ body });
    expect(reply.toolCalls).toEqual([expect.objectContaining({ id: 'toolu_01NRLabsLyVHZPKxbKvkfSMn', name: 'get_weather', arguments: { location: 'Paris' } })]);
    expect(reply.assistantMessage.content).toEqual([
      { type: 'text', text: "I'll check the current weather in Paris for you." },
      { type: 'tool_use', id: 'toolu_01NRLabsLyVHZPKxbKvkfSMn', name: 'get_weather', input: { location: 'Paris' } },
    ]);
  });

  it('keeps the unparsed input text of a reply cut off by max_tokens mid-arguments', () => {
    const { reader, views } = feedAll(readFixture('anthropic-sdk-max-tokens-mid-arguments.sse.txt'));
    expect(views.at(-1)!.calls[0]).toMatchObject({ name: 'make_file', parsedAtFrame: null });
    expect(views.at(-1)!.finishReason).toBe('max_tokens');
    const reply = readAnthropicResponse({ body: reader.assemble() });
    expect(reply.toolCalls[0]!.arguments).toEqual(expect.stringContaining('{"filename": "taxes.txt'));
  });

  it('passes over an event type it does not know, and passes on an error event', () => {
    const reader = createAnthropicStreamReader();
    reader.feed({ data: '{"type":"some_future_event"}' });
    expect(reader.view().frames).toBe(1);
    expect(() => reader.feed({ data: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}' })).toThrow(/overloaded_error.*Overloaded/);
  });

  it('refuses a delta for a block that never started', () => {
    expect(() => createAnthropicStreamReader().feed({ data: '{"type":"content_block_delta","index":2,"delta":{"type":"text_delta","text":"x"}}' })).toThrow(
      /content block 2/,
    );
  });
});
