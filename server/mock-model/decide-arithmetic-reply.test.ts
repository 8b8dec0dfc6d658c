import { describe, expect, it } from 'vitest';
import { fillNumericArguments, findToolFor, readNumber } from './decide-arithmetic-reply.ts';
import type { MockTool } from './mock-reply.ts';

const twoNumbers = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
};
const addNumbers: MockTool = { name: 'add_numbers', description: 'Adds two numbers', parameters: twoNumbers };

describe('findToolFor', () => {
  it('prefers a match by name over a match by description only', () => {
    const describedOnly: MockTool = { name: 'calculator', description: 'Can add things' };
    expect(findToolFor('add', [describedOnly, addNumbers])).toBe(addNumbers);
  });

  it('matches by description when no name fits', () => {
    const calculator: MockTool = { name: 'calculator', description: 'Adds two numbers' };
    expect(findToolFor('add', [calculator])).toBe(calculator);
  });

  it.each(['add', 'add_numbers', 'numbers_add', 'sum_values', 'math.add', 'addNumbers', 'plus'])('finds the adding tool named %j', (name) => {
    expect(findToolFor('add', [{ name }])).toEqual({ name });
  });

  it.each(['multiply', 'multiply_numbers', 'product', 'times_table', 'mul'])('finds the multiplying tool named %j', (name) => {
    expect(findToolFor('multiply', [{ name }])).toEqual({ name });
  });

  it.each([
    { name: 'address_lookup', description: 'Looks up a postal address' },
    { name: 'summarize_text', description: 'Writes a summary of a text' },
    { name: 'timestamp_now', description: 'Returns the current time' },
    { name: 'additional_info', description: 'Returns additional details' },
    { name: 'get_weather', description: 'Returns the weather' },
  ])('does not take $name for arithmetic because of a word that only begins like one', (tool) => {
    expect(findToolFor('add', [tool])).toBeUndefined();
    expect(findToolFor('multiply', [tool])).toBeUndefined();
  });
});

describe('fillNumericArguments', () => {
  it('fills two numeric properties, required ones first, in their order', () => {
    expect(fillNumericArguments(twoNumbers, 5, 7)).toEqual({ a: 5, b: 7 });
    const schema = { type: 'object', properties: { note: { type: 'string' }, y: { type: 'number' }, x: { type: 'number' } }, required: ['x', 'y'] };
    expect(fillNumericArguments(schema, 5, 7)).toEqual({ x: 5, y: 7 });
  });

  it('accepts integer and nullable number types', () => {
    const schema = { type: 'object', properties: { x: { type: 'integer' }, y: { type: ['number', 'null'] } } };
    expect(fillNumericArguments(schema, 5, 7)).toEqual({ x: 5, y: 7 });
  });

  it('fills one array of numbers when there are not two numeric properties', () => {
    const schema = { type: 'object', properties: { numbers: { type: 'array', items: { type: 'integer' } } } };
    expect(fillNumericArguments(schema, 5, 7)).toEqual({ numbers: [5, 7] });
  });

  it.each([
    ['no schema', undefined],
    ['no properties', { type: 'object' }],
    ['one number', { type: 'object', properties: { a: { type: 'number' } } }],
    ['strings', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } }],
    ['an array of strings', { type: 'object', properties: { items: { type: 'array', items: { type: 'string' } } } }],
  ])('gives up on a schema with %s', (_label, schema) => {
    expect(fillNumericArguments(schema, 5, 7)).toBeUndefined();
  });
});

describe('readNumber', () => {
  it.each([
    ['Result: 12', 12],
    ['Result: -3.5', -3.5],
    ['{"sum":12}', 12],
    ['1e3', 1000],
  ])('reads %j as %d', (output, value) => {
    expect(readNumber(output)).toBe(value);
  });

  it('finds nothing in text without digits', () => {
    expect(readNumber('twelve')).toBeUndefined();
  });
});
