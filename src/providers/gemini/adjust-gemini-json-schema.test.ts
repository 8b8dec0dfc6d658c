import { describe, expect, it } from 'vitest';
import { adjustGeminiJsonSchema } from './adjust-gemini-json-schema.ts';

function adjust(schema: Record<string, unknown>) {
  return adjustGeminiJsonSchema({ schema, inputPath: '[0].inputSchema', outputPath: '[0].functionDeclarations[0].parametersJsonSchema', toolName: 'demo' });
}

describe('adjustGeminiJsonSchema', () => {
  describe('keywords in the subset', () => {
    it('keeps a schema that uses only supported keywords, unchanged and without warnings', () => {
      const schema = {
        type: 'object',
        title: 'Input',
        properties: {
          a: { type: ['number', 'null'], minimum: 0, maximum: 10, description: 'A' },
          tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, minItems: 1, maxItems: 3 },
          pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] },
          when: { type: 'string', format: 'date-time' },
          node: { $ref: '#/$defs/node' },
        },
        $defs: { node: { type: 'object', properties: { next: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] } } } },
        required: ['a'],
        additionalProperties: false,
        propertyOrdering: ['a', 'tags'],
      };
      const { result, warnings, changes } = adjust(schema);
      expect(result).toEqual(schema);
      expect(warnings).toEqual([]);
      expect(changes).toEqual([]);
    });

    it('treats the keys of properties and $defs as names, not keywords', () => {
      const schema = { type: 'object', properties: { pattern: { type: 'string' }, default: { type: 'number' } } };
      expect(adjust(schema)).toMatchObject({ result: schema, warnings: [] });
    });
  });

  describe('keywords outside the subset', () => {
    it('removes them at every depth: in properties, items, anyOf branches, $defs and additionalProperties', () => {
      const { result, warnings, changes } = adjust({
        type: 'object',
        properties: {
          list: { type: 'array', items: { type: 'string', minLength: 2 }, uniqueItems: true },
          choice: { anyOf: [{ type: 'object', not: { required: ['x'] } }] },
        },
        $defs: { id: { type: 'string', pattern: '^[0-9]+$' } },
        additionalProperties: { type: 'number', multipleOf: 5 },
        default: {},
      });
      expect(result).toEqual({
        type: 'object',
        properties: { list: { type: 'array', items: { type: 'string' } }, choice: { anyOf: [{ type: 'object' }] } },
        $defs: { id: { type: 'string' } },
        additionalProperties: { type: 'number' },
      });
      expect(warnings.map((warning) => warning.path)).toEqual([
        'tools[0].inputSchema.properties.list.items.minLength',
        'tools[0].inputSchema.properties.list.uniqueItems',
        'tools[0].inputSchema.properties.choice.anyOf[0].not',
        'tools[0].inputSchema.$defs.id.pattern',
        'tools[0].inputSchema.additionalProperties.multipleOf',
        'tools[0].inputSchema.default',
      ]);
      expect(warnings.every((warning) => warning.code === 'gemini-keyword-dropped' && warning.message.includes('"demo"'))).toBe(true);
      expect(changes.every((change) => change.kind === 'dropped')).toBe(true);
    });
  });

  describe('keywords Gemini says another way', () => {
    it('sends oneOf as anyOf and const as a one-value enum, with a warning and a change each', () => {
      const { result, warnings, changes } = adjust({
        type: 'object',
        properties: { mode: { const: 'fast' }, value: { oneOf: [{ type: 'string', maxLength: 3 }, { type: 'number' }] } },
      });
      expect(result).toEqual({
        type: 'object',
        properties: { mode: { enum: ['fast'] }, value: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
      });
      expect(warnings.map((warning) => warning.code)).toEqual(['gemini-const', 'gemini-keyword-dropped', 'gemini-one-of']);
      expect(changes).toContainEqual({
        kind: 'renamed',
        from: '[0].inputSchema.properties.value.oneOf',
        to: '[0].functionDeclarations[0].parametersJsonSchema.properties.value.anyOf',
        note: 'oneOf is sent as anyOf',
      });
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'dropped', from: '[0].inputSchema.properties.value.oneOf[0].maxLength' }));
    });

    it('drops oneOf when anyOf is already there, rather than overwrite it', () => {
      const { result, warnings } = adjust({ type: 'object', properties: { x: { anyOf: [{ type: 'string' }], oneOf: [{ type: 'number' }] } } });
      expect(result).toEqual({ type: 'object', properties: { x: { anyOf: [{ type: 'string' }] } } });
      expect(warnings[0]).toMatchObject({ code: 'gemini-keyword-dropped', path: 'tools[0].inputSchema.properties.x.oneOf' });
    });

    it('does not change the schema it was given', () => {
      const schema = { type: 'object', properties: { a: { type: 'string', minLength: 1 } } };
      const copy = structuredClone(schema);
      adjust(schema);
      expect(schema).toEqual(copy);
    });
  });

  describe('shapes Gemini reads differently', () => {
    it('merges a root anyOf into one object of all the branches’ properties, warning', () => {
      const { result, warnings } = adjust({
        anyOf: [
          { type: 'object', properties: { a: { type: 'number' } } },
          { type: 'object', properties: { b: { type: 'string' } } },
        ],
      });
      expect(result).toEqual({ type: 'object', properties: { a: { type: 'number' }, b: { type: 'string' } }, required: [] });
      expect(warnings).toEqual([
        expect.objectContaining({ code: 'gemini-root-union', path: 'tools[0].inputSchema.anyOf', message: expect.stringContaining('Gemini needs one object') }),
      ]);
    });

    it('keeps a property a server names __proto__ as a property, adjusted like any other', () => {
      const { result } = adjust(JSON.parse('{"type":"object","properties":{"__proto__":{"const":"x"},"b":{"type":"string"}}}'));
      expect(Object.getPrototypeOf(result.properties)).toBe(Object.prototype);
      expect(Object.keys(result.properties as object)).toEqual(['__proto__', 'b']);
      expect(Object.getOwnPropertyDescriptor(result.properties, '__proto__')?.value).toEqual({ enum: ['x'] });
    });

    it('keeps a $ref alone, with its description, and reports the siblings it would ignore', () => {
      const { result, warnings, changes } = adjust({
        type: 'object',
        $defs: { n: { type: 'number' } },
        properties: { a: { $ref: '#/$defs/n', description: 'first', minimum: 1, type: 'number' } },
      });
      expect(result.properties).toEqual({ a: { $ref: '#/$defs/n', description: 'first' } });
      expect(warnings).toEqual([expect.objectContaining({ code: 'gemini-ref-siblings', path: 'tools[0].inputSchema.properties.a.$ref' })]);
      expect(changes.filter((change) => change.kind === 'dropped').map((change) => change.from)).toEqual([
        '[0].inputSchema.properties.a.minimum',
        '[0].inputSchema.properties.a.type',
      ]);
    });
  });
});
