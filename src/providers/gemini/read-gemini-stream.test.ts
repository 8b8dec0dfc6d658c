import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitStreamText } from '../stream-frames.ts';
import type { StreamFrame, StreamView } from '../stream-reader.ts';
import { createGeminiStreamReader } from './read-gemini-stream.ts';
import { readGeminiResponse } from './read-gemini-response.ts';

function readFixture(name: string): StreamFrame[] {
  return splitStreamText({ text: readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8'), framing: 'ndjson' });
}

function feedAll(frames: StreamFrame[]) {
  const reader = createGeminiStreamReader();
  const views: StreamView[] = frames.map((frame) => {
    reader.feed(frame);
    return reader.view();
  });
  return { reader, views };
}

describe('createGeminiStreamReader', () => {
  it('takes a recorded functionCall whole: it parses in the frame it arrives in', () => {
    const { reader, views } = feedAll(readFixture('js-genai-function-call.chunks.txt'));
    expect(views[0]!.calls).toEqual([
      expect.objectContaining({
        name: 'customDivide',
        arrival: 'whole',
        fragments: 1,
        firstFrame: 0,
        parsedAtFrame: 0,
        argumentsText: '{"denominator":2,"numerator":10}',
      }),
    ]);
    expect(views[0]).toMatchObject({ finishReason: 'STOP', ended: true });
    const reply = readGeminiResponse({ body: reader.assemble() });
    expect(reply.toolCalls).toEqual([expect.objectContaining({ name: 'customDivide', arguments: { denominator: 2, numerator: 10 } })]);
    expect(reply.toolCalls[0]).not.toHaveProperty('id');
  });

  it('joins the recorded text chunks into one part, as the whole reply has it', () => {
    const { reader, views } = feedAll(readFixture('js-genai-text-answer.chunks.txt'));
    expect(views.map((view) => view.ended)).toEqual([false, false, false, true]);
    expect(views[0]!.text).toBe('I');
    const body = reader.assemble();
    expect(body).toMatchObject({
      candidates: [{ content: { role: 'model', parts: [{ text: expect.stringMatching(/^I cannot fulfill.*returns 42\.\n$/s) }] }, finishReason: 'STOP' }],
      usageMetadata: { totalTokenCount: 64 },
    });
    expect(readGeminiResponse({ body }).text).toBe(views.at(-1)!.text);
  });

  it('keeps a part with a thought signature apart, so it can be echoed exactly', () => {
    const reader = createGeminiStreamReader();
    reader.feed({ data: JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: 'Let me add.' }] } }] }) });
    reader.feed({
      data: JSON.stringify({
        candidates: [
          { content: { role: 'model', parts: [{ functionCall: { name: 'add', args: { a: 5, b: 7 } }, thoughtSignature: 'c2ln' }] }, finishReason: 'STOP' },
        ],
      }),
    });
    expect(readGeminiResponse({ body: reader.assemble() }).assistantMessage.parts).toEqual([
      { text: 'Let me add.' },
      { functionCall: { name: 'add', args: { a: 5, b: 7 } }, thoughtSignature: 'c2ln' },
    ]);
  });

  it('ends at a chunk with no candidate and promptFeedback.blockReason, and reassembles it as the whole blocked reply', () => {
    const { reader, views } = feedAll([
      {
        data: JSON.stringify({
          promptFeedback: { blockReason: 'PROHIBITED_CONTENT' },
          usageMetadata: { promptTokenCount: 7, totalTokenCount: 7 },
          modelVersion: 'gemini-2.5-flash',
        }),
      },
    ]);
    expect(views[0]).toMatchObject({ ended: true, finishReason: null, text: '' });
    expect(readGeminiResponse({ body: reader.assemble() }).stop).toEqual({
      outcome: 'blocked',
      cause: 'prompt-blocked',
      path: 'promptFeedback.blockReason',
      value: 'PROHIBITED_CONTENT',
    });
  });

  it('is not over while no chunk has carried a finishReason', () => {
    const frames = readFixture('js-genai-text-answer.chunks.txt');
    expect(feedAll(frames.slice(0, -1)).views.at(-1)).toMatchObject({ ended: false });
  });

  it('passes on an error chunk', () => {
    expect(() => createGeminiStreamReader().feed({ data: '{"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}' })).toThrow(
      /UNAVAILABLE.*overloaded/,
    );
  });
});
