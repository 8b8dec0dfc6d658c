import { describe, expect, it } from 'vitest';
import { cutText, shortenForDisplay, shortenLongStrings } from './long-text.ts';

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

describe('shortenForDisplay', () => {
  it('cuts a long list to its first items, counting what it cut, and leaves the original whole', () => {
    const tools = Array.from({ length: 10_000 }, (_, index) => ({ name: `tool_${index}`, description: 'd'.repeat(index === 3 ? 50 : 5) }));
    const value = { result: { tools }, other: [1, 2, 3] };
    const shortened = shortenForDisplay({ value, textLimit: 20, itemLimit: 100 });
    const shown = shortened.value as typeof value;
    expect(shown.result.tools).toHaveLength(100);
    expect(shown.result.tools[99]).toBe(tools[99]);
    expect(shown.result.tools[3]?.description).toBe(`${'d'.repeat(20)}… [30 more characters]`);
    expect(shown.other).toBe(value.other);
    expect(shortened).toMatchObject({ cutListCount: 1, longestListLength: 10_000, cutCount: 1, longestLength: 50 });
    expect(tools).toHaveLength(10_000);
  });

  it('returns a short list as the very same value', () => {
    const value = [1, 2, 3];
    expect(shortenForDisplay({ value, itemLimit: 3 })).toEqual({ value, cutCount: 0, longestLength: 0, cutListCount: 0, longestListLength: 0 });
    expect(shortenForDisplay({ value, itemLimit: 3 }).value).toBe(value);
  });

  it('cuts under a key named __proto__ as under any other, keeping it an own property', () => {
    const value = JSON.parse(`{"__proto__": "${'p'.repeat(30)}", "plain": 1}`) as Record<string, unknown>;
    const shown = shortenForDisplay({ value, textLimit: 10 }).value as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(shown, '__proto__')?.value).toBe(`${'p'.repeat(10)}… [20 more characters]`);
    expect(Object.getPrototypeOf(shown)).toBe(Object.prototype);
    expect(shown.plain).toBe(1);
  });
});
