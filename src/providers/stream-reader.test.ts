import { describe, expect, it } from 'vitest';
import { createJsonCompletionWatcher, StreamedCalls } from './stream-reader.ts';

describe('createJsonCompletionWatcher', () => {
  it('says complete only once the outermost value has closed, whatever the braces inside strings', () => {
    const watcher = createJsonCompletionWatcher();
    const pieces = ['{"te', 'xt":"a } or ] and \\"', '{\\" inside"', ',"list":[1,{"b":2}', ']', '}'];
    expect(pieces.map((piece) => watcher.push(piece))).toEqual([false, false, false, false, false, true]);
  });

  it('does not call a closed but malformed text complete', () => {
    const watcher = createJsonCompletionWatcher();
    expect(watcher.push('{"a":}')).toBe(false);
  });

  it('never calls a bare scalar complete: arguments are an object', () => {
    expect(createJsonCompletionWatcher().push('12')).toBe(false);
  });
});

describe('StreamedCalls', () => {
  it('keeps the first frame where the arguments parsed, and starts over when the provider restates them', () => {
    const calls = new StreamedCalls();
    calls.open({ index: 0, frame: 0, arrival: 'fragments', id: 'c', name: 'add' });
    calls.append({ index: 0, frame: 1, fragment: '{"a":1}' });
    calls.append({ index: 0, frame: 2, fragment: ' ' });
    expect(calls.get(0)).toMatchObject({ argumentsText: '{"a":1} ', parsedAtFrame: 1, fragments: 2 });
    calls.settle({ index: 0, frame: 3, argumentsText: '{"a":2}' });
    expect(calls.get(0)).toMatchObject({ argumentsText: '{"a":2}', parsedAtFrame: 3 });
  });

  it('hands out copies: a view taken earlier does not change', () => {
    const calls = new StreamedCalls();
    calls.append({ index: 0, frame: 0, fragment: '{"a' });
    const before = calls.list();
    calls.append({ index: 0, frame: 1, fragment: '":1}' });
    expect(before[0]!.argumentsText).toBe('{"a');
  });
});
