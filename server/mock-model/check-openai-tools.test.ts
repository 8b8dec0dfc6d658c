import { toStrictJsonSchema } from 'openai/lib/transform';
import { describe, expect, it } from 'vitest';
import { convertToOpenAiStrictSchema } from '../../src/providers/openai-strict-schema.ts';
import { checkOpenAiStrictSchema, checkOpenAiToolName } from './check-openai-tools.ts';

const closed = { type: 'object', properties: { a: { type: 'number' } }, required: ['a'], additionalProperties: false };

describe('checkOpenAiToolName', () => {
  it('takes the names OpenAI takes and refuses the others as OpenAI words it', () => {
    expect(() => checkOpenAiToolName({ name: 'add_numbers-2', param: 'tools[0].function.name' })).not.toThrow();
    expect(() => checkOpenAiToolName({ name: 'math.add', param: 'tools[0].function.name' })).toThrow(
      "Invalid 'tools[0].function.name': string does not match pattern",
    );
    expect(() => checkOpenAiToolName({ name: 'x'.repeat(65), param: 'tools[0].name' })).toThrow('maximum length 64');
  });
});

describe('checkOpenAiStrictSchema', () => {
  it('takes a closed object with every property required', () => {
    expect(() => checkOpenAiStrictSchema({ name: 'add', schema: closed, param: 'p' })).not.toThrow();
  });

  it.each([
    ['an open object', { ...closed, additionalProperties: true }, "'additionalProperties' is required to be supplied and to be false"],
    ['an optional property', { ...closed, properties: { a: { type: 'number' }, b: { type: 'number' } } }, "Missing 'b'"],
    ['a nested open object', { ...closed, properties: { a: { type: 'object', properties: {} } } }, "In context=('properties', 'a'), 'additionalProperties'"],
    ['a keyword strict mode refuses', { ...closed, properties: { a: { type: 'number', not: { const: 0 } } } }, "'not' is not permitted"],
    ['an array without items', { ...closed, properties: { a: { type: 'array' } } }, 'array schema missing items'],
    ['a root anyOf', { ...closed, anyOf: [closed] }, "not use 'anyOf'"],
  ])('refuses %s, naming the rule', (_label, schema, message) => {
    expect(() => checkOpenAiStrictSchema({ name: 'add', schema, param: 'tools[0].function.parameters' })).toThrow(message);
  });

  it('agrees with the SDK’s helper on what the host sends in strict mode', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'number', minimum: 0 }, b: { type: 'array' }, c: { type: 'string', not: { const: '' } } },
      required: ['a'],
    };
    const { result } = convertToOpenAiStrictSchema({ schema, inputPath: '[0].inputSchema', outputPath: '[0].function.parameters' });
    expect(() => toStrictJsonSchema(result)).not.toThrow();
    expect(() => checkOpenAiStrictSchema({ name: 'add', schema: result, param: 'p' })).not.toThrow();
  });
});
