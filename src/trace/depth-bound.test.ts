import { describe, expect, it } from 'vitest';
import { DEPTH_CUT_MARKER, MAX_NESTING_DEPTH, boundRecursion, cutDeepValue, measureJsonTextDepth } from './depth-bound.ts';

const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

describe('measureJsonTextDepth', () => {
  it('counts the deepest bracket, not the ones inside strings', () => {
    expect(measureJsonTextDepth('1')).toBe(0);
    expect(measureJsonTextDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(measureJsonTextDepth('{"a":"[[[{{{\\"[[["}')).toBe(1);
  });
  it('reads 100,000 levels without recursion', () => {
    expect(measureJsonTextDepth(nested(100_000))).toBe(100_000);
  });
});

describe('cutDeepValue', () => {
  it('keeps a value within the bound as it is', () => {
    const value = JSON.parse(nested(10)) as unknown;
    expect(cutDeepValue(value)).toEqual({ value, cut: false });
  });
  it('cuts 100,000 levels at the bound, with the marker where it cut', () => {
    const { value, cut } = cutDeepValue(JSON.parse(nested(100_000)));
    expect(cut).toBe(true);
    const text = JSON.stringify(value);
    expect(measureJsonTextDepth(text)).toBe(MAX_NESTING_DEPTH);
    expect(text).toContain(JSON.stringify(DEPTH_CUT_MARKER));
  });
  it('keeps an own __proto__ key a property', () => {
    const { value } = cutDeepValue(JSON.parse('{"__proto__":{"x":1},"list":[{"__proto__":2}]}'));
    expect(JSON.stringify(value)).toBe('{"__proto__":{"x":1},"list":[{"__proto__":2}]}');
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});

describe('boundRecursion', () => {
  it('recurses up to the bound, then cuts, and counts down again after each call', () => {
    const cuts: number[] = [];
    const walk = boundRecursion({
      visit: (level: number): number => (level === 0 ? 0 : 1 + walk(level - 1)),
      cut: (level: number): number => {
        cuts.push(level);
        return 0;
      },
    });
    expect(walk(MAX_NESTING_DEPTH + 5)).toBe(MAX_NESTING_DEPTH);
    expect(cuts).toEqual([5]);
    // The count went back to zero: a second walk gets the whole bound again.
    expect(walk(10)).toBe(10);
  });
});
