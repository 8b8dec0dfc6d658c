import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isUnfinishedJson, readBodyCut, readStreamCut } from './interrupted-reply.ts';
import { createOpenAiChatStreamReader } from './openai-chat/read-openai-chat-stream.ts';
import { splitStreamText } from './stream-frames.ts';

const parallelCalls = readFileSync(new URL('./openai-chat/__fixtures__/parallel-calls.json', import.meta.url), 'utf8');

describe('isUnfinishedJson', () => {
  it('is true for a JSON text cut anywhere after it began: mid-key, mid-string, after an escape, between values', () => {
    for (let end = 1; end < parallelCalls.trimEnd().length; end += 7)
      expect(isUnfinishedJson(parallelCalls.slice(0, end)), parallelCalls.slice(0, end)).toBe(true);
    expect(isUnfinishedJson('{"a":"x\\"')).toBe(true);
    expect(isUnfinishedJson('[1, 2, ')).toBe(true);
  });

  it('is false for whole JSON, for text that never was JSON, and for a closing bracket with nothing open', () => {
    expect(isUnfinishedJson(parallelCalls)).toBe(false);
    expect(isUnfinishedJson('<html><body>Bad gateway')).toBe(false);
    expect(isUnfinishedJson('')).toBe(false);
    expect(isUnfinishedJson('"a string')).toBe(false);
    expect(isUnfinishedJson('{"a":1}}')).toBe(false);
  });
});

describe('readBodyCut', () => {
  it('names a body that stopped mid-JSON: its bytes and its last characters', () => {
    const cut = parallelCalls.slice(0, 500);
    expect(readBodyCut({ text: cut })).toMatchObject({
      outcome: 'interrupted',
      cause: 'body-cut',
      path: 'the body',
      arrived: { bytes: 500, tail: cut.slice(-40), text: '', calls: [] },
    });
  });

  it('names a body whose connection broke, whatever it held, with the error', () => {
    expect(readBodyCut({ text: '{"id":', error: 'TypeError: terminated: other side closed' })).toMatchObject({
      cause: 'body-cut',
      arrived: { bytes: 6, error: 'TypeError: terminated: other side closed' },
    });
  });

  it('leaves a whole body, and one that is not JSON at all, to the reader', () => {
    expect(readBodyCut({ text: parallelCalls })).toBeUndefined();
    expect(readBodyCut({ text: 'Bad gateway' })).toBeUndefined();
  });
});

describe('readStreamCut', () => {
  const frames = splitStreamText({
    text: readFileSync(new URL('./openai-chat/__fixtures__/openai-python-tool-call.sse.txt', import.meta.url), 'utf8'),
    framing: 'sse',
  });
  const read = (count: number) => {
    const reader = createOpenAiChatStreamReader();
    frames.slice(0, count).forEach((frame) => reader.feed(frame));
    return reader.view();
  };

  it('names the recorded stream cut mid-arguments: the end it lacks, and the call as far as it came', () => {
    expect(readStreamCut({ wire: 'openai-chat', view: read(4) })).toEqual({
      outcome: 'interrupted',
      cause: 'stream-cut',
      path: 'choices[0].finish_reason',
      value: 'missing',
      arrived: { frames: 4, text: '', calls: [{ name: 'get_weather', argumentsText: '{"city":"', complete: false }] },
    });
  });

  it('is no cut once the finish_reason came, with or without the usage chunk and [DONE] after it', () => {
    const withFinish = frames.findIndex((frame) => frame.data.includes('"finish_reason":"tool_calls"')) + 1;
    expect(readStreamCut({ wire: 'openai-chat', view: read(withFinish) })).toBeUndefined();
    expect(readStreamCut({ wire: 'openai-chat', view: read(frames.length) })).toBeUndefined();
  });

  it('names a stream whose connection broke even after its end came, with the error (the SDK fails it too)', () => {
    expect(readStreamCut({ wire: 'openai-chat', view: read(frames.length), error: 'TypeError: terminated' })).toMatchObject({
      cause: 'stream-cut',
      arrived: { error: 'TypeError: terminated' },
    });
  });
});
