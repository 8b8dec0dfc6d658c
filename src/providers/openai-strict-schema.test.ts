import { toStrictJsonSchema } from 'openai/lib/transform';
import { describe, expect, it } from 'vitest';
import { convertToOpenAiStrictSchema } from './openai-strict-schema.ts';

/**
 * Strict mode against the oracle: the openai SDK's own strict-schema helper. What we send
 * must pass it unchanged (it finds nothing left to fix or refuse), the rules strict mode
 * keeps must stay, and each thing it cannot take must be reported.
 */

function convert(schema: Record<string, unknown>) {
  return convertToOpenAiStrictSchema({ schema, inputPath: '[0].inputSchema', outputPath: '[0].function.parameters' });
}

const number = { type: 'number' };

/** Schemas an MCP server may declare that strict mode cannot take as they are, with the warning each must give. */
const HOSTILE: [string, Record<string, unknown>, string][] = [
  [
    'a root anyOf',
    {
      anyOf: [
        { type: 'object', properties: { a: number }, required: ['a'] },
        { type: 'object', properties: { b: number }, required: ['b'] },
      ],
    },
    'strict-root-union',
  ],
  ['a root oneOf', { type: 'object', oneOf: [{ properties: { a: number } }, { properties: { b: number } }] }, 'strict-root-union'],
  [
    'allOf',
    {
      type: 'object',
      allOf: [
        { type: 'object', properties: { a: number }, required: ['a'] },
        { type: 'object', properties: { b: number } },
      ],
    },
    'strict-all-of-merged',
  ],
  ['not', { type: 'object', properties: { a: { type: 'number', not: { const: 0 } } }, required: ['a'] }, 'strict-keyword-dropped'],
  [
    'if/then/else',
    { type: 'object', properties: { a: number }, required: ['a'], if: { properties: { a: { const: 1 } } }, then: { required: ['a'] }, else: {} },
    'strict-keyword-dropped',
  ],
  [
    'prefixItems',
    { type: 'object', properties: { pair: { type: 'array', prefixItems: [number, { type: 'string' }], items: number } }, required: ['pair'] },
    'strict-keyword-dropped',
  ],
  [
    'tuple-form items',
    { type: 'object', properties: { pair: { type: 'array', items: [number, { type: 'string' }] } }, required: ['pair'] },
    'strict-tuple-items',
  ],
  [
    'dependentRequired',
    { type: 'object', properties: { a: number, b: number }, required: ['a', 'b'], dependentRequired: { a: ['b'] } },
    'strict-keyword-dropped',
  ],
  ['an array without items', { type: 'object', properties: { list: { type: 'array' } }, required: ['list'] }, 'strict-array-items'],
  [
    'a $ref with siblings',
    { type: 'object', $defs: { n: number }, properties: { a: { $ref: '#/$defs/n', minimum: 1, description: 'kept' } }, required: ['a'] },
    'strict-ref-siblings',
  ],
  ['an open object', { type: 'object', properties: { a: number }, required: ['a'], additionalProperties: true }, 'strict-closed-object'],
  [
    'an optional property',
    { type: 'object', properties: { a: number, unit: { type: 'string', enum: ['m', 'km'] } }, required: ['a'] },
    'strict-optional-nullable',
  ],
  [
    'uniqueItems and minProperties',
    { type: 'object', minProperties: 1, properties: { tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } }, required: ['tags'] },
    'strict-keyword-dropped',
  ],
];

describe('convertToOpenAiStrictSchema against the openai SDK’s toStrictJsonSchema', () => {
  it.each(HOSTILE)('makes %s a schema the SDK accepts as it is, and says what changed', (_label, schema, code) => {
    expect(() => toStrictJsonSchema(schema)).toThrow();
    const { result, warnings } = convert(schema);
    expect(toStrictJsonSchema(result)).toEqual(result);
    expect(warnings.map((warning) => warning.code)).toContain(code);
  });

  it('keeps the rules strict mode keeps: lengths, pattern, format, bounds, multipleOf, item counts, default', () => {
    const properties = {
      name: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[a-z]+$' },
      email: { type: 'string', format: 'email' },
      count: { type: 'integer', minimum: 0, maximum: 10, exclusiveMaximum: 11, multipleOf: 2 },
      tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3 },
      mode: { type: 'string', enum: ['a', 'b'], default: 'a' },
    };
    const schema = { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
    const { result, warnings } = convert(schema);
    expect(result).toEqual(schema);
    expect(warnings).toEqual([]);
    expect(toStrictJsonSchema(result)).toEqual(result);
  });

  it('lets null into the enum of an optional property, so the nullable value is one it allows', () => {
    const { result } = convert({ type: 'object', properties: { unit: { type: 'string', enum: ['m', 'km'] } } });
    expect(result.properties).toEqual({ unit: { type: ['string', 'null'], enum: ['m', 'km', null] } });
  });

  it('merges a root anyOf’s branches into one object, every property then nullable', () => {
    const { result } = convert(HOSTILE[0]![1]);
    expect(result).toEqual({
      type: 'object',
      properties: { a: { type: ['number', 'null'] }, b: { type: ['number', 'null'] } },
      required: ['a', 'b'],
      additionalProperties: false,
    });
  });
});
