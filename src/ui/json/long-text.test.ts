import { describe, expect, it } from 'vitest';
import { cutText, shortenLongStrings } from './long-text.ts';

describe('shortenLongStrings', () => {
  it('returns an ordinary value untouched, as the very same object', () => {
    const value = { jsonrpc: '2.0', result: { content: [{ type: 'text', text: '12' }] } };
    expect(shortenLongStrings(value, 100)).toEqual({ value, cutCount: 0, longestLength: 0 });
    expect(shortenLongStrings(value, 100).value).toBe(value);
  });

  it('cuts long strings wherever they are, copying only the containers on the way', () => {
    const unchanged = { type: 'object' };
    const value = { schema: unchanged, content: [{ type: 'text', text: 'x'.repeat(250) }, 'y'.repeat(120)] };
    const shortened = shortenLongStrings(value, 100);
    expect(shortened.cutCount).toBe(2);
    expect(shortened.longestLength).toBe(250);
    const shown = shortened.value as typeof value;
    expect(shown.schema).toBe(unchanged);
    expect((shown.content[0] as { text: string }).text).toBe(`${'x'.repeat(100)}… [150 more characters]`);
    expect(shown.content[1]).toBe(`${'y'.repeat(100)}… [20 more characters]`);
    expect(value.content[1]).toBe('y'.repeat(120));
  });

  it('cuts a string on its own, and stops at hostile nesting instead of recursing', () => {
    expect(shortenLongStrings('z'.repeat(10), 4).value).toBe('zzzz… [6 more characters]');
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(shortenLongStrings(deep, 4).value).toBe(deep);
  });
});

describe('cutText', () => {
  it('never ends in half of a surrogate pair', () => {
    expect(cutText('ab😀cd', 3)).toBe('ab… [4 more characters]');
    expect(cutText('short', 10)).toBe('short');
  });
});
