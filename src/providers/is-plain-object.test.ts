import { describe, expect, it } from 'vitest';
import { isPlainObject } from './is-plain-object.ts';

describe('isPlainObject', () => {
  it('accepts objects, empty or not, whatever JSON.parse made them from', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject({ a: 5, b: 7 })).toBe(true);
    expect(isPlainObject(JSON.parse('{"nested":{"x":1}}'))).toBe(true);
  });

  it('refuses what a model may write in place of an object', () => {
    for (const value of [null, undefined, [], [1, 2], '{"a":5}', 5, true]) {
      expect(isPlainObject(value), JSON.stringify(value)).toBe(false);
    }
  });
});
