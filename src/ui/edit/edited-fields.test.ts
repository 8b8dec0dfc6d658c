import { describe, expect, it } from 'vitest';
import { creditEdits, findEditedFields, isWithin } from './edited-fields.ts';

describe('edited fields', () => {
  it('finds each value the learner changed, added or removed, by path', () => {
    const original = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add_numbers', arguments: { a: 5, b: 7 }, list: [1, 2] } };
    const sent = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'add_numbers', arguments: { a: 100, c: true }, list: [1] } };
    expect(findEditedFields({ original, sent })).toEqual([
      { path: 'params.arguments.a', kind: 'changed', was: 5, now: 100 },
      { path: 'params.arguments.b', kind: 'removed', was: 7 },
      { path: 'params.arguments.c', kind: 'added', now: true },
      { path: 'params.list[1]', kind: 'removed', was: 2 },
    ]);
    expect(findEditedFields({ original, sent: structuredClone(original) })).toEqual([]);
  });

  it('a value that changed type is one change at its path', () => {
    expect(findEditedFields({ original: { a: { x: 1 } }, sent: { a: 'five' } })).toEqual([{ path: 'a', kind: 'changed', was: { x: 1 }, now: 'five' }]);
  });

  it('knows which paths lie inside which', () => {
    expect(isWithin('params.arguments.a', 'params.arguments')).toBe(true);
    expect(isWithin('params.list[0]', 'params.list')).toBe(true);
    expect(isWithin('params.argumentsX', 'params.arguments')).toBe(false);
    expect(isWithin('anything', '')).toBe(true);
  });

  it('credits the learner in the notes on what they changed, and leaves the other notes alone', () => {
    const focus = [
      { path: 'id', note: 'a new request, a new id' },
      { path: 'params.arguments', note: 'written by the model, now an object' },
    ];
    const edits = findEditedFields({ original: { id: 1, params: { arguments: { a: 5 } } }, sent: { id: 1, params: { arguments: { a: 100 } } } });
    expect(creditEdits({ focus, edits })).toEqual([
      { path: 'id', note: 'a new request, a new id' },
      { path: 'params.arguments', note: 'written by the model, now an object, then edited by you' },
    ]);
  });
});
