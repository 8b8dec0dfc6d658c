import { describe, expect, it } from 'vitest';
import { describeHeaderValueProblem, findInvalidHeader } from './http-header-rules.ts';

describe('describeHeaderValueProblem', () => {
  it.each([
    ['Bearer abc.def', undefined],
    ['latin-1 é and tab\there', undefined],
    ['  spaces and a newline around are stripped, as fetch strips them\n', undefined],
    ['a\nb', 'line break (U+000A) at character 2'],
    ['a\rb', 'line break (U+000D) at character 2'],
    ['a\u0000b', 'control character (U+0000) at character 2'],
    ['a\u007fb', 'control character (U+007F) at character 2'],
    ['abc…', 'beyond Latin-1 (U+2026) at character 4'],
    ['“quoted”', 'beyond Latin-1 (U+201C) at character 1'],
    ['a\u200bb', 'beyond Latin-1 (U+200B) at character 2'],
    ['a😀', 'beyond Latin-1 (U+1F600) at character 2'],
  ])('%j: %s', (value, problem) => {
    const described = describeHeaderValueProblem(value);
    if (problem === undefined) expect(described).toBeUndefined();
    else expect(described).toContain(problem);
  });

  it('never repeats the value: it may be a secret', () => {
    expect(describeHeaderValueProblem('sk-secret…token')).not.toContain('secret');
  });

  it('agrees with fetch: every value it lets through builds a Headers, every one it refuses beyond Latin-1 or with a line break does not', () => {
    for (const value of ['plain', 'é', 'a\tb', 'a…b', 'a\nb', 'a\u0000b', 'a\u200bb']) {
      const refused = describeHeaderValueProblem(value) !== undefined;
      let built = true;
      try {
        new Headers({ 'x-test': value });
      } catch {
        built = false;
      }
      if (!refused) expect(built).toBe(true);
      const fetchRefuses = [...value].some((character) => character === '\n' || character === '\u0000' || character.charCodeAt(0) > 0xff);
      if (fetchRefuses) expect(built).toBe(false);
    }
  });
});

describe('findInvalidHeader', () => {
  it('names the first header that cannot be sent, and why', () => {
    expect(findInvalidHeader(Object.entries({ accept: 'x', 'x-team': 'a…' }))).toEqual({ name: 'x-team', problem: expect.stringContaining('U+2026') });
    expect(findInvalidHeader([['bad name', 'x']])?.problem).toContain('not an HTTP token');
    expect(findInvalidHeader(Object.entries({ accept: 'x' }))).toBeUndefined();
  });
});
