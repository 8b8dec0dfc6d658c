import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addNumbers } from './tools/arithmetic-tools.ts';
import { createToolRegistry, defineTool } from './tool-registry.ts';

const echo = defineTool({
  name: 'echo',
  title: 'Echo',
  description: 'Says the text back',
  input: z.object({ text: z.string() }),
  annotations: { readOnlyHint: true },
  handler: ({ text }) => text,
  present: (text) => ({ content: [{ type: 'text', text }] }),
});

describe('defineTool', () => {
  describe('the public definition', () => {
    it('has the name, description and a JSON Schema of the input, without the $schema dialect', () => {
      expect(addNumbers.definition).toEqual({
        name: 'add_numbers',
        description: 'Adds two numbers',
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'number', description: 'The first number' }, b: { type: 'number', description: 'The second number' } },
          required: ['a', 'b'],
          additionalProperties: false,
        },
      });
    });

    it('carries title and annotations only when the tool has them', () => {
      expect(echo.definition).toMatchObject({ title: 'Echo', annotations: { readOnlyHint: true } });
      expect('title' in addNumbers.definition).toBe(false);
      expect('annotations' in addNumbers.definition).toBe(false);
    });

    it('publishes an outputSchema, as JSON Schema without the dialect, only when the tool declares one', () => {
      const measured = defineTool({
        name: 'measure',
        description: 'Measures',
        input: z.object({}),
        output: z.object({ value: z.number(), unit: z.string() }),
        handler: () => ({ value: 1, unit: 'meters' }),
        present: (measure) => ({ content: [{ type: 'text', text: JSON.stringify(measure) }], structuredContent: measure }),
      });
      expect(measured.definition.outputSchema).toEqual({
        type: 'object',
        properties: { value: { type: 'number' }, unit: { type: 'string' } },
        required: ['value', 'unit'],
        additionalProperties: false,
      });
      expect('outputSchema' in addNumbers.definition).toBe(false);
    });

    it('never contains the handler', () => {
      expect(JSON.stringify(addNumbers.definition)).not.toContain('handler');
    });
  });

  describe('the private half', () => {
    it('runs the handler and presents its value', async () => {
      const signal = new AbortController().signal;
      const sum = await addNumbers.handler({ a: 5, b: 7 }, { signal, reportProgress: async () => {} });
      expect(sum).toBe(12);
      expect(addNumbers.present(sum, { a: 5, b: 7 })).toEqual({ content: [{ type: 'text', text: 'Result: 12' }] });
    });

    it('validates with the zod schema, refusing strings and extra keys for add_numbers', () => {
      expect(addNumbers.input.safeParse({ a: 5, b: 7 }).success).toBe(true);
      expect(addNumbers.input.safeParse({ a: 'five', b: 7 }).success).toBe(false);
      expect(addNumbers.input.safeParse({ a: 5, b: 7, c: 1 }).success).toBe(false);
    });
  });
});

describe('createToolRegistry', () => {
  it('lists the definitions in order and finds a tool by name', () => {
    const registry = createToolRegistry([addNumbers, echo]);
    expect(registry.list().map((tool) => tool.name)).toEqual(['add_numbers', 'echo']);
    expect(registry.get('echo')).toBe(echo);
    expect(registry.get('nothing')).toBeUndefined();
  });

  it('refuses two tools with the same name', () => {
    expect(() => createToolRegistry([addNumbers, addNumbers])).toThrow(/unique/);
  });
});
