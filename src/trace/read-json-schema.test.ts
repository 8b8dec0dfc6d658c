import { describe, expect, it } from 'vitest';
import { allowsNull, followRefs, resolveLocalRef } from './read-json-schema.ts';

const root = {
  $defs: { Filter: { type: 'object' }, 'a/b': { type: 'string' }, Loop: { $ref: '#/$defs/Loop' }, Hop: { $ref: '#/$defs/Filter' } },
  definitions: { Old: { type: 'number' } },
  type: 'object',
};

describe('resolveLocalRef', () => {
  it.each([
    ['#', root],
    ['#/$defs/Filter', { type: 'object' }],
    ['#/definitions/Old', { type: 'number' }],
    ['#/$defs/a~1b', { type: 'string' }],
  ])('follows %s', (ref, expected) => {
    expect(resolveLocalRef({ ref, root })).toEqual(expected);
  });

  it.each(['#/$defs/Missing', 'https://example.com/schema.json#/$defs/Filter', '#/$defs/%E0%A4%A', '#/type', '#/__proto__'])('names nothing for %s', (ref) => {
    expect(resolveLocalRef({ ref, root })).toBeUndefined();
  });
});

describe('followRefs', () => {
  it('follows a chain, and stops at a loop or a broken link', () => {
    expect(followRefs({ schema: { $ref: '#/$defs/Hop' }, root })).toEqual({ type: 'object' });
    expect(followRefs({ schema: { $ref: '#/$defs/Loop' }, root })).toEqual({ $ref: '#/$defs/Loop' });
    expect(followRefs({ schema: { $ref: '#/$defs/Missing' }, root })).toEqual({ $ref: '#/$defs/Missing' });
  });
});

describe('allowsNull', () => {
  it.each([
    [{ type: 'null' }, true],
    [{ type: ['string', 'null'] }, true],
    [{ type: 'string' }, false],
    [{ type: ['string', 'number'] }, false],
    [{ anyOf: [{ type: 'integer' }, { type: 'null' }], default: null }, true],
    [{ oneOf: [{ type: 'integer' }, { type: 'string' }] }, false],
    [{ enum: ['a', null] }, true],
    [{ type: ['string', 'null'], enum: ['a'] }, false],
    [{ const: null }, true],
    [{ const: 'x' }, false],
    [{ allOf: [{ type: ['string', 'null'] }, { maxLength: 3 }] }, true],
    [{ allOf: [{ type: 'string' }, {}] }, false],
    [{ $ref: '#/$defs/Filter' }, false],
    [{ $ref: '#/$defs/Missing' }, false],
    [{ $ref: '#/$defs/Loop' }, false],
    [{ description: 'anything' }, true],
    [true, true],
    [false, false],
  ])('%j: %s', (schema, expected) => {
    expect(allowsNull({ schema, root })).toBe(expected);
  });

  it('answers no, without running out of stack, for unions nested past its bound', () => {
    let schema: Record<string, unknown> = { type: 'null' };
    for (let level = 0; level < 10_000; level++) schema = { anyOf: [schema] };
    expect(allowsNull({ schema, root })).toBe(false);
  });
});
