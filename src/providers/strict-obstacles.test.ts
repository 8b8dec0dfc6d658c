import { toStrictJsonSchema } from 'openai/lib/transform';
import { describe, expect, it } from 'vitest';
import { convertToOpenAiStrictSchema } from './openai-strict-schema.ts';
import { findStrictObstacles } from './strict-obstacles.ts';

/**
 * What strict mode cannot say, found in tool schemas as zod v4 (through the v2 SDK) and
 * pydantic (FastMCP) write them. The openai SDK's own strict helper is the oracle: it
 * refuses each of these, naming the same keyword; and every schema with no obstacle is
 * one the host converts into a schema that helper takes as it is.
 */

const object = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });

const CANNOT_SAY: [string, Record<string, unknown>, string, RegExp][] = [
  [
    'zod z.record (an open map)',
    object({ labels: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'string' } } }),
    'propertyNames',
    /propertyNames|additionalProperties/,
  ],
  [
    'pydantic dict[str, int] (an open map)',
    object({ counts: { type: 'object', additionalProperties: { type: 'integer' }, title: 'Counts' } }),
    'additionalProperties',
    /additionalProperties: false/,
  ],
  [
    'zod z.tuple (prefixItems, items: false)',
    object({ point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false, minItems: 2, maxItems: 2 } }),
    'prefixItems',
    /prefixItems/,
  ],
  ['a draft 7 tuple (items as a list)', object({ point: { type: 'array', items: [{ type: 'number' }, { type: 'string' }] } }), 'items', /tuple-form `items`/],
  ['pydantic set[str] (uniqueItems)', object({ labels: { type: 'array', items: { type: 'string' }, uniqueItems: true } }), 'uniqueItems', /uniqueItems/],
  ['not', object({ n: { type: 'number', not: { const: 0 } } }), 'not', /`not`/],
  ['if/then/else', { ...object({ a: { type: 'number' } }), if: { properties: { a: { const: 1 } } }, then: {} }, 'if', /`if`/],
  [
    'dependentRequired',
    { ...object({ a: { type: 'number' }, b: { type: 'number' } }), dependentRequired: { a: ['b'] } },
    'dependentRequired',
    /dependentRequired/,
  ],
  ['minProperties', { ...object({ a: { type: 'number' } }), minProperties: 1 }, 'minProperties', /minProperties/],
  ['a root anyOf', { type: 'object', anyOf: [object({ a: { type: 'number' } }), object({ b: { type: 'number' } })] }, 'anyOf', /anyOf/],
];

describe('findStrictObstacles', () => {
  it.each(CANNOT_SAY)('finds %s, which the openai SDK’s helper refuses too', (_label, schema, keyword, sdkSays) => {
    expect(findStrictObstacles({ schema, path: '[0].inputSchema' }).map((obstacle) => obstacle.keyword)).toContain(keyword);
    expect(() => toStrictJsonSchema(schema)).toThrow(sdkSays);
  });

  it('says where each obstacle sits and what it is', () => {
    expect(findStrictObstacles({ schema: CANNOT_SAY[2]![1], path: '[3].inputSchema' })).toEqual([
      { path: '[3].inputSchema.properties.point', keyword: 'prefixItems', what: 'a tuple, each position with its own type' },
    ]);
  });

  it('finds one inside $defs, a union branch and array items', () => {
    const schema = {
      $defs: { Tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } },
      ...object({
        list: { type: 'array', items: { type: 'object', properties: { kv: { type: 'object', additionalProperties: true } } } },
        pick: { anyOf: [{ type: 'string', not: { const: '' } }, { type: 'null' }] },
      }),
    };
    expect(findStrictObstacles({ schema, path: '' }).map((obstacle) => `${obstacle.path} ${obstacle.keyword}`)).toEqual([
      '.properties.list.items.properties.kv additionalProperties',
      '.properties.pick.anyOf[0] not',
      '.$defs.Tags uniqueItems',
    ]);
  });

  it.each([
    ['a tool with no arguments', { type: 'object', properties: {}, $schema: 'http://json-schema.org/draft-07/schema#' }],
    [
      'optional fields, defaults, enums and bounds (the everything server’s get-resource-reference)',
      {
        type: 'object',
        properties: { resourceType: { default: 'Text', type: 'string', enum: ['Text', 'Blob'] }, resourceId: { default: 1, type: 'number', minimum: 1 } },
      },
    ],
    [
      'a nested object with optional fields and an array of objects (zod v4)',
      {
        type: 'object',
        properties: {
          traveller: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'number' } }, required: ['name'] },
          stops: { type: 'array', items: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
        },
        required: ['traveller'],
      },
    ],
    [
      'a discriminated union (zod v4 oneOf)',
      {
        type: 'object',
        properties: {
          payment: {
            oneOf: [
              { type: 'object', properties: { kind: { type: 'string', const: 'card' } }, required: ['kind'] },
              { type: 'object', properties: { kind: { type: 'string', const: 'cash' } }, required: ['kind'] },
            ],
          },
        },
      },
    ],
    [
      'pydantic titles, Optional[...] = None and a model in $defs',
      {
        $defs: { F: { properties: { since: { anyOf: [{ type: 'string' }, { type: 'null' }], default: null, title: 'Since' } }, title: 'F', type: 'object' } },
        properties: { filter: { anyOf: [{ $ref: '#/$defs/F' }, { type: 'null' }], default: null } },
        title: 'searchArguments',
        type: 'object',
      },
    ],
    [
      'an object that names its properties and lets more in (closed, which the server still accepts)',
      { type: 'object', properties: { a: { type: 'number' } }, additionalProperties: true },
    ],
    ['unevaluatedProperties: false (closed already)', { type: 'object', properties: { a: { type: 'number' } }, unevaluatedProperties: false }],
  ])('finds nothing in %s, which the host converts into a schema the SDK’s helper takes as it is', (_label, schema) => {
    expect(findStrictObstacles({ schema, path: '' })).toEqual([]);
    const { result } = convertToOpenAiStrictSchema({ schema, inputPath: '[0].inputSchema', outputPath: '[0].parameters' });
    expect(toStrictJsonSchema(result)).toEqual(result);
  });

  it('stops at the nesting bound without running out of stack', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 100_000; level++) schema = { type: 'object', properties: { a: schema } };
    expect(findStrictObstacles({ schema, path: '' })).toEqual([]);
  });
});
