import { describe, expect, it } from 'vitest';
import { DEPTH_CUT_MARKER, MAX_NESTING_DEPTH, boundRecursion, cutDeepValue, isNestedDeeperThan, measureJsonTextDepth } from './depth-bound.ts';

const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

describe('measureJsonTextDepth', () => {
  it('counts the deepest bracket, not the ones inside strings', () => {
    expect(measureJsonTextDepth('1')).toBe(0);
    expect(measureJsonTextDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(measureJsonTextDepth('{"a":"[[[{{{\\"[[["}')).toBe(1);
  });
  it('reads 100,000 levels without recursion', () => {
    expect(measureJsonTextDepth(nested(100_000))).toBe(100_000);
    expect(isNestedDeeperThan(JSON.parse(nested(100_000)), MAX_NESTING_DEPTH)).toBe(true);
    expect(isNestedDeeperThan(JSON.parse(nested(MAX_NESTING_DEPTH)), MAX_NESTING_DEPTH)).toBe(false);
  });
  it('ends a string at a quote after an even run of backslashes only', () => {
    expect(measureJsonTextDepth('{"a":"x\\\\","b":[[1]]}')).toBe(3);
    expect(measureJsonTextDepth('{"a":"x\\\\\\"[[[","b":[1]}')).toBe(2);
  });
  it('agrees with the nesting of the value JSON.stringify wrote, over strings full of quotes, backslashes and brackets', () => {
    const pieces = ['"', '\\', '\\"', '[', ']', '{', '}', 'a', '\\\\"'];
    let seed = 7;
    const random = (below: number) => (seed = (seed * 48271) % 2147483647) % below;
    const build = (levels: number): unknown => {
      if (levels === 0 || random(4) === 0) return Array.from({ length: random(6) }, () => pieces[random(pieces.length)]).join('');
      return random(2) === 0 ? [build(levels - 1), build(levels - 1)] : { [pieces[random(pieces.length)]!]: build(levels - 1), k: build(levels - 1) };
    };
    const depthOf = (value: unknown): number => (typeof value === 'object' && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0);
    for (let sample = 0; sample < 300; sample++) {
      const value = build(1 + random(8));
      const text = JSON.stringify(value);
      expect(measureJsonTextDepth(text)).toBe(depthOf(value));
      // The parsed value's walk tells the same, at the limit and either side of it.
      for (const limit of [depthOf(value) - 1, depthOf(value)].filter((limit) => limit >= 0))
        expect(isNestedDeeperThan(JSON.parse(text), limit)).toBe(depthOf(value) > limit);
    }
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
