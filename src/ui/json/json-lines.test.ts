import { describe, expect, it } from 'vitest';
import { resolveJsonPath } from '../../content/json-paths.ts';
import { MAX_JSON_DEPTH, collectHighlights, layoutJsonLines } from './json-lines.ts';

describe('layoutJsonLines', () => {
  it('lays out nested JSON with the path of every line', () => {
    const lines = layoutJsonLines({ value: [{ name: 'add_numbers', inputSchema: { type: 'object' } }] });
    expect(lines.map((line) => [line.depth, line.key ?? '', line.text, line.path])).toEqual([
      [0, '', '[', ''],
      [1, '', '{', '[0]'],
      [2, '"name"', '"add_numbers",', '[0].name'],
      [2, '"inputSchema"', '{', '[0].inputSchema'],
      [3, '"type"', '"object"', '[0].inputSchema.type'],
      [2, '', '}', '[0].inputSchema'],
      [1, '', '}', '[0]'],
      [0, '', ']', ''],
    ]);
  });

  it('quotes keys that are not identifiers in paths', () => {
    const lines = layoutJsonLines({ value: { _meta: { 'io.example/stage': 1 } } });
    expect(lines.map((line) => line.path)).toContain('_meta["io.example/stage"]');
  });

  it('renders empty containers and scalars of every type', () => {
    const lines = layoutJsonLines({ value: { a: [], b: {}, c: null, d: true, e: 1.5, f: 'x' } });
    expect(lines.slice(1, -1).map((line) => `${line.text}|${line.type ?? ''}`)).toEqual([
      '[],|',
      '{},|',
      'null,|null',
      'true,|boolean',
      '1.5,|number',
      '"x"|string',
    ]);
  });
});

describe('highlights', () => {
  const changes = [
    { kind: 'renamed' as const, from: '[0].inputSchema', to: '[0].function.parameters', note: 'inputSchema is called parameters' },
    { kind: 'dropped' as const, from: '[0].title', note: 'no place for title' },
    { kind: 'added' as const, to: '[0].type', note: 'wrapped as a function' },
  ];

  it('marks a changed value and everything inside it, on the side the path belongs to', () => {
    const input = layoutJsonLines({
      value: [{ name: 'add', title: 'Add', inputSchema: { type: 'object' } }],
      highlights: collectHighlights({ changes, side: 'input' }),
    });
    const marked = input.filter((line) => line.change).map((line) => [line.path, line.change?.kind]);
    expect(marked).toEqual([
      ['[0].title', 'dropped'],
      ['[0].inputSchema', 'renamed'],
      ['[0].inputSchema.type', 'renamed'],
      ['[0].inputSchema', 'renamed'],
    ]);
    expect(input.find((line) => line.path === '[0].inputSchema')?.change?.other).toBe('[0].function.parameters');
  });

  it('uses `to` paths on the output side, and leaves unchanged lines alone', () => {
    const output = layoutJsonLines({
      value: [{ type: 'function', function: { name: 'add', parameters: { type: 'object' } } }],
      highlights: collectHighlights({ changes, side: 'output' }),
    });
    expect(output.find((line) => line.path === '[0].type')?.change?.kind).toBe('added');
    expect(output.find((line) => line.path === '[0].function.parameters.type')?.change?.kind).toBe('renamed');
    expect(output.find((line) => line.path === '[0].function.name')?.change).toBeUndefined();
  });

  it('gives every line a path that resolveJsonPath, the resolver of the narration test, reaches', () => {
    const value = {
      messages: [{ role: 'user', parts: [{ functionCall: { name: 'add', args: { a: 5 } } }] }],
      _meta: { 'io.example/stage': [1, null] },
      empty: {},
    };
    const lines = layoutJsonLines({ value });
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(resolveJsonPath({ value, path: line.path }).found, line.path).toBe(true);
  });
});

describe('hostile nesting', () => {
  it('summarizes values nested deeper than the limit instead of recursing', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100_000; level++) deep = [deep];
    const lines = layoutJsonLines({ value: deep });
    // An opening and a closing line per level down to the bound, and the summary line.
    expect(lines.length).toBe(2 * MAX_JSON_DEPTH + 1);
    expect(lines.some((line) => line.text.includes('nested deeper than'))).toBe(true);
  });
});
