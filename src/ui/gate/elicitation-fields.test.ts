import { describe, expect, it } from 'vitest';
import { MISSING_NUMBER_SCHEMA } from '../../../server/mcp/tools/reach-back-tools.ts';
import { readElicitationFields, readInitialValues, validateElicitationForm } from './elicitation-fields.ts';

describe('elicitation fields', () => {
  it('reads the toolbox form: defaults filled, required marked', () => {
    const { fields, unreadable } = readElicitationFields(MISSING_NUMBER_SCHEMA);
    expect(unreadable).toEqual([]);
    expect(fields.map((field) => [field.name, field.kind, field.required, field.label])).toEqual([
      ['b', 'number', true, 'The second number'],
      ['confirm', 'boolean', false, 'Add them'],
    ]);
    expect(readInitialValues(fields)).toEqual({ b: '7', confirm: true });
    expect(validateElicitationForm({ fields, values: { b: '12', confirm: false } })).toEqual({ content: { b: 12, confirm: false } });
  });

  it('checks before sending: required, a number, bounds, whole numbers, lengths, choices', () => {
    const { fields } = readElicitationFields({
      type: 'object',
      properties: {
        age: { type: 'integer', minimum: 0, maximum: 150 },
        name: { type: 'string', minLength: 2, maxLength: 5 },
        size: {
          type: 'string',
          oneOf: [
            { const: 's', title: 'Small' },
            { const: 'l', title: 'Large' },
          ],
        },
        colour: { type: 'string', enum: ['red', 'blue'], enumNames: ['Red', 'Blue'] },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, maxItems: 1 },
      },
      required: ['age', 'tags'],
    });
    expect(fields.find((field) => field.name === 'size')).toMatchObject({
      kind: 'choice',
      options: [
        { value: 's', label: 'Small' },
        { value: 'l', label: 'Large' },
      ],
      initial: '',
    });
    expect(fields.find((field) => field.name === 'colour')).toMatchObject({
      options: [
        { value: 'red', label: 'Red' },
        { value: 'blue', label: 'Blue' },
      ],
    });
    expect(validateElicitationForm({ fields, values: { age: '', name: 'x', tags: [] } })).toEqual({
      errors: { age: 'age is required.', name: 'name needs at least 2 characters.', tags: 'tags is required: choose at least one.' },
    });
    expect(validateElicitationForm({ fields, values: { age: '1.5', tags: ['a', 'b'] } })).toEqual({
      errors: { age: 'age must be a whole number.', tags: 'tags: choose at most 1.' },
    });
    expect(validateElicitationForm({ fields, values: { age: '200', tags: ['a'] } })).toEqual({ errors: { age: 'age must be at most 150.' } });
    expect(validateElicitationForm({ fields, values: { age: 'ten', tags: ['a'], size: 'm' } })).toEqual({
      errors: { age: 'age must be a number.', size: 'size must be one of the choices.' },
    });
    expect(validateElicitationForm({ fields, values: { age: '40', name: 'Ann', size: 'l', colour: '', tags: ['b'] } })).toEqual({
      content: { age: 40, name: 'Ann', size: 'l', tags: ['b'] },
    });
  });

  it('reports a field it cannot render, and a schema with no properties', () => {
    expect(readElicitationFields({ type: 'object', properties: { nested: { type: 'object' } } })).toEqual({
      fields: [],
      unreadable: ['nested (not a string, number, integer, boolean or string-list field)'],
    });
    expect(readElicitationFields('nope').unreadable).toEqual(['the requestedSchema has no properties object']);
  });
});
