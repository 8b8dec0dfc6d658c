import { describe, expect, it } from 'vitest';
import { removeStrictNulls } from './remove-strict-nulls.ts';

/** book_trip as the v2 SDK writes its zod schema: optional fields, one nullable, a nested object, an array of objects, a union. */
const BOOK_TRIP = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    nights: { type: 'integer' },
    note: { type: ['string', 'null'] },
    traveller: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'number' } }, required: ['name'] },
    stops: { type: 'array', items: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'number' } }, required: ['city'] } },
    payment: {
      oneOf: [
        { type: 'object', properties: { kind: { const: 'card' }, last4: { type: 'string' } }, required: ['kind', 'last4'] },
        { type: 'object', properties: { kind: { const: 'cash' }, tip: { type: 'number' } }, required: ['kind'] },
      ],
    },
  },
  required: ['city', 'traveller'],
};

/** search_notes as pydantic writes it: Optional[...] = None is anyOf with null, the nested model in $defs. */
const SEARCH_NOTES = {
  $defs: {
    NoteFilter: {
      properties: {
        archived: { default: false, title: 'Archived', type: 'boolean' },
        since: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null, title: 'Since' },
      },
      title: 'NoteFilter',
      type: 'object',
    },
  },
  properties: {
    query: { title: 'Query', type: 'string' },
    limit: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null, title: 'Limit' },
    filter: { anyOf: [{ $ref: '#/$defs/NoteFilter' }, { type: 'null' }], default: null },
  },
  required: ['query'],
  type: 'object',
};

describe('removeStrictNulls', () => {
  it('leaves out each null at an optional field that may not be null, at any depth, and says where', () => {
    const value = {
      city: 'Oslo',
      nights: null,
      note: null,
      traveller: { name: 'Ada', age: null },
      stops: [
        { city: 'Bergen', days: null },
        { city: 'Moss', days: 2 },
      ],
      payment: { kind: 'cash', tip: null },
    };
    expect(removeStrictNulls({ value, schema: BOOK_TRIP })).toEqual({
      result: { city: 'Oslo', note: null, traveller: { name: 'Ada' }, stops: [{ city: 'Bergen' }, { city: 'Moss', days: 2 }], payment: { kind: 'cash' } },
      removed: ['nights', 'traveller.age', 'stops[0].days', 'payment.tip'],
    });
  });

  it('keeps the nulls pydantic allows (Optional[...] = None) and follows $ref into the nested model', () => {
    const value = { query: 'milk', limit: null, filter: { archived: null, since: null } };
    expect(removeStrictNulls({ value, schema: SEARCH_NOTES })).toEqual({
      result: { query: 'milk', limit: null, filter: { since: null } },
      removed: ['filter.archived'],
    });
  });

  it('keeps a null at a required field (the model’s mistake, for the server to refuse) and a field the schema does not name', () => {
    const value = { city: null, traveller: { name: 'Ada' }, extra: null };
    expect(removeStrictNulls({ value, schema: BOOK_TRIP })).toEqual({ result: value, removed: [] });
  });

  it('keeps a key named __proto__ as a key', () => {
    const value = JSON.parse('{"__proto__":{"x":1},"nights":null}') as Record<string, unknown>;
    const { result, removed } = removeStrictNulls({
      value,
      schema: { type: 'object', properties: { __proto__: { type: 'object' }, nights: { type: 'number' } } },
    });
    expect(Object.keys(result)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(removed).toEqual(['nights']);
  });

  it('walks arguments nested 100,000 levels deep without running out of stack, keeping the deep part as it came', () => {
    const deep = JSON.parse('{"a":'.repeat(100_000) + 'null' + '}'.repeat(100_000)) as Record<string, unknown>;
    const schema: Record<string, unknown> = { type: 'object', properties: { a: { $ref: '#' } } };
    expect(() => removeStrictNulls({ value: deep, schema })).not.toThrow();
  });
});
