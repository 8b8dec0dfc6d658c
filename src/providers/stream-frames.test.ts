import { describe, expect, it } from 'vitest';
import { createNdjsonSplitter, createSseSplitter, splitStreamText } from './stream-frames.ts';

describe('createSseSplitter', () => {
  it('gives each event once its blank line arrives, with its event name, however the chunks fall', () => {
    const splitter = createSseSplitter();
    expect(splitter.push('event: ping\ndata: {"ty')).toEqual([]);
    expect(splitter.push('pe":"ping"}\n\ndata: [DO')).toEqual([{ event: 'ping', data: '{"type":"ping"}' }]);
    expect(splitter.push('NE]\n\n')).toEqual([{ data: '[DONE]' }]);
  });

  it('reads a last event that had no blank line, as the SDKs do', () => {
    expect(splitStreamText({ text: 'data: {"a":1}\n\ndata: {"a":2}', framing: 'sse' })).toEqual([{ data: '{"a":1}' }, { data: '{"a":2}' }]);
  });
});

describe('createNdjsonSplitter', () => {
  it('cuts at line ends, carrying a partial line to the next chunk and skipping blank lines', () => {
    const splitter = createNdjsonSplitter();
    expect(splitter.push('{"a":1}\r\n\n{"a"')).toEqual([{ data: '{"a":1}' }]);
    expect(splitter.push(':2}\n')).toEqual([{ data: '{"a":2}' }]);
    expect(splitter.push('{"a":3}')).toEqual([]);
    expect(splitter.end()).toEqual([{ data: '{"a":3}' }]);
  });
});
