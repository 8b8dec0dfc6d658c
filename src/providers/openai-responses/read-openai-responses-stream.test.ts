import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitStreamText } from '../stream-frames.ts';
import type { StreamFrame, StreamView } from '../stream-reader.ts';
import { createOpenAiResponsesStreamReader } from './read-openai-responses-stream.ts';
import { readOpenAiResponsesResponse } from './read-openai-responses-response.ts';

function readFixture(name: string): StreamFrame[] {
  return splitStreamText({ text: readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'), framing: 'ndjson' });
}

function feedAll(frames: StreamFrame[]) {
  const reader = createOpenAiResponsesStreamReader();
  const views: StreamView[] = frames.map((frame) => {
    reader.feed(frame);
    return reader.view();
  });
  return { reader, views };
}

const event = (fields: Record<string, unknown>): StreamFrame => ({ data: JSON.stringify(fields) });

describe('createOpenAiResponsesStreamReader', () => {
  it('grows a recorded call from its delta events and marks where the arguments first parse', () => {
    const frames = readFixture('vercel-ai-reasoning-then-function-call.chunks.txt');
    const { views } = feedAll(frames);
    const added = frames.findIndex((frame) => frame.data.includes('"response.output_item.added"') && frame.data.includes('"function_call"'));
    expect(views[added]!.calls).toEqual([expect.objectContaining({ index: 1, name: 'calculator', argumentsText: '', firstFrame: added, parsedAtFrame: null })]);
    expect(views[added + 1]!.calls[0]!.argumentsText).toBe('{"');
    expect(views[added + 2]!.calls[0]!.argumentsText).toBe('{"a');
    const last = views.at(-1)!;
    expect(last.calls[0]).toMatchObject({ argumentsText: '{"a":12,"b":7,"op":"add"}', fragments: 13 });
    expect(frames[last.calls[0]!.parsedAtFrame!]!.data).toContain('"delta":"\\"}"');
    expect(last).toMatchObject({ ended: true, finishReason: 'completed' });
  });

  it('reassembles the recorded items, reasoning included, as response.completed lists them', () => {
    const frames = readFixture('vercel-ai-reasoning-then-function-call.chunks.txt');
    const { reader } = feedAll(frames);
    const body = reader.assemble();
    const completed = JSON.parse(frames.at(-1)!.data);
    // The recorded reasoning item's encrypted_content differs between output_item.done and response.completed: the item is compared without it.
    const withoutSecret = (items: Record<string, unknown>[]) => items.map(({ encrypted_content: _encrypted, ...item }) => item);
    expect(body).toMatchObject({ ...completed.response, output: expect.any(Array) });
    expect(withoutSecret(readOpenAiResponsesResponse({ body }).assistantMessage)).toEqual(withoutSecret(completed.response.output));
    const reply = readOpenAiResponsesResponse({ body });
    expect(reply.toolCalls).toEqual([expect.objectContaining({ name: 'calculator', arguments: '{"a":12,"b":7,"op":"add"}' })]);
    expect(reply.assistantMessage.map((item) => item.type)).toEqual(['reasoning', 'function_call']);
  });

  it('joins a recorded text answer from its output_text deltas', () => {
    const { reader, views } = feedAll(readFixture('vercel-ai-text-answer.chunks.txt'));
    expect(views.map((view) => view.text)).toContain('The final');
    expect(readOpenAiResponsesResponse({ body: reader.assemble() })).toMatchObject({ text: 'The final result is **570**.', toolCalls: [] });
  });

  it('says why an incomplete response stopped', () => {
    const { views } = feedAll([
      event({
        type: 'response.incomplete',
        sequence_number: 0,
        response: { id: 'r', object: 'response', status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, output: [] },
      }),
    ]);
    expect(views[0]).toMatchObject({ ended: true, finishReason: 'incomplete: max_output_tokens' });
  });

  it('takes the calls of a response whose output comes only in response.completed, as the OpenAI SDK takes that output', () => {
    const call = { id: 'fc_1', type: 'function_call', status: 'completed', call_id: 'call_1', name: 'add_numbers', arguments: '{"a":5,"b":7}' };
    const base = { id: 'resp_1', object: 'response', model: 'm', output: [] };
    const { reader, views } = feedAll([
      event({ type: 'response.created', sequence_number: 0, response: { ...base, status: 'in_progress' } }),
      event({ type: 'response.completed', sequence_number: 1, response: { ...base, status: 'completed', output: [call] } }),
    ]);
    expect(views.at(-1)).toMatchObject({
      ended: true,
      calls: [expect.objectContaining({ index: 0, id: 'call_1', name: 'add_numbers', argumentsText: '{"a":5,"b":7}', parsedAtFrame: 1 })],
    });
    expect(readOpenAiResponsesResponse({ body: reader.assemble() }).toolCalls).toEqual([
      expect.objectContaining({ id: 'call_1', name: 'add_numbers', arguments: '{"a":5,"b":7}' }),
    ]);
  });

  it('passes on an error event', () => {
    expect(() => createOpenAiResponsesStreamReader().feed(event({ type: 'error', sequence_number: 3, message: 'The server had an error' }))).toThrow(
      /The server had an error/,
    );
  });
});
