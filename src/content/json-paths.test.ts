import { describe, expect, it } from 'vitest';
import { childPath, normalizePath, resolveJsonPath } from './json-paths.ts';

describe('childPath', () => {
  it('writes indexes in brackets, identifiers after a dot and other keys quoted', () => {
    expect(childPath('', 0)).toBe('[0]');
    expect(childPath('', 'params')).toBe('params');
    expect(childPath('params', 'arguments')).toBe('params.arguments');
    expect(childPath('_meta', 'io.example/stage')).toBe('_meta["io.example/stage"]');
  });
});

describe('normalizePath', () => {
  it('treats [] and a leading dot as the same paths as the plain form', () => {
    expect(normalizePath('[]')).toBe('');
    expect(normalizePath('.arguments')).toBe('arguments');
  });
});

describe('resolveJsonPath', () => {
  const payload = [{ functionCall: { name: 'add_numbers', args: { a: 5, b: 7 } } }];

  it('reaches a nested value through indexes and keys', () => {
    expect(resolveJsonPath({ value: payload, path: '[0].functionCall.args' })).toEqual({ found: true, value: { a: 5, b: 7 } });
    expect(resolveJsonPath({ value: payload, path: '[0].functionCall.args.b' })).toEqual({ found: true, value: 7 });
  });

  it('reaches the root, and keys that are not identifiers', () => {
    expect(resolveJsonPath({ value: payload, path: '[]' })).toEqual({ found: true, value: payload });
    expect(resolveJsonPath({ value: { _meta: { 'io.example/stage': 2 } }, path: '_meta["io.example/stage"]' })).toEqual({ found: true, value: 2 });
  });

  it('finds a key whose value is null or false: the line is there to mark', () => {
    expect(resolveJsonPath({ value: { isError: false, next: null }, path: 'isError' })).toEqual({ found: true, value: false });
    expect(resolveJsonPath({ value: { isError: false, next: null }, path: 'next' })).toEqual({ found: true, value: null });
  });

  it('does not find a path the payload lacks, nor one written in another spelling', () => {
    expect(resolveJsonPath({ value: payload, path: '[0].args' })).toEqual({ found: false });
    expect(resolveJsonPath({ value: payload, path: '[1]' })).toEqual({ found: false });
    expect(resolveJsonPath({ value: payload, path: '[0]["functionCall"]' })).toEqual({ found: false });
    expect(resolveJsonPath({ value: { ab: 1 }, path: 'a' })).toEqual({ found: false });
    expect(resolveJsonPath({ value: { a: 'text' }, path: 'a.length' })).toEqual({ found: false });
  });
});
