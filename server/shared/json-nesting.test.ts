import { describe, expect, it } from 'vitest';
import { exceedsJsonNesting } from './json-nesting.ts';

describe('exceedsJsonNesting', () => {
  it('counts arrays and objects together', () => {
    expect(exceedsJsonNesting('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(exceedsJsonNesting('{"a":[{"b":[[1]]}]}', 4)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(exceedsJsonNesting(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(exceedsJsonNesting(JSON.stringify({ text: 'say \\"[[[[" and \\\\' }), 1)).toBe(false);
  });

  it('reads 100,000 levels without running out of stack', () => {
    expect(exceedsJsonNesting('['.repeat(100_000) + ']'.repeat(100_000))).toBe(true);
    expect(exceedsJsonNesting('['.repeat(1000) + ']'.repeat(1000))).toBe(false);
  });
});
