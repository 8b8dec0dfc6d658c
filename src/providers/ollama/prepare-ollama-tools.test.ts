import { describe, expect, it } from 'vitest';
import { ADD_NUMBERS_TOOL } from '../test-fixtures.ts';
import type { McpTool } from '../types.ts';
import { prepareOllamaTools } from './prepare-ollama-tools.ts';

describe('prepareOllamaTools (translation #1)', () => {
  describe('a tool that fits', () => {
    it('becomes a function tool whose parameters are the inputSchema, unchanged', () => {
      const { result, warnings, changes } = prepareOllamaTools({ tools: [ADD_NUMBERS_TOOL] });
      expect(result.tools).toEqual([
        { type: 'function', function: { name: 'add_numbers', description: 'Adds two numbers', parameters: ADD_NUMBERS_TOOL.inputSchema } },
      ]);
      expect(result.nameMap).toEqual({ add_numbers: 'add_numbers' });
      expect(warnings).toEqual([]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'renamed', from: '[0].inputSchema', to: '[0].function.parameters' }));
    });

    it('leaves the description out when the tool has none, and keeps the order', () => {
      const { result } = prepareOllamaTools({ tools: [ADD_NUMBERS_TOOL, { name: 'ping', inputSchema: { type: 'object' } }] });
      expect(result.tools.map((tool) => tool.function.name)).toEqual(['add_numbers', 'ping']);
      expect('description' in result.tools[1]!.function).toBe(false);
    });
  });

  describe('names', () => {
    it('keeps names other providers refuse, because Ollama accepts any', () => {
      const names = ['math.add', 'add numbers', `long_${'x'.repeat(100)}`];
      const { result, warnings } = prepareOllamaTools({ tools: names.map((name) => ({ ...ADD_NUMBERS_TOOL, name })) });
      expect(result.tools.map((tool) => tool.function.name)).toEqual(names);
      expect(result.nameMap).toEqual(Object.fromEntries(names.map((name) => [name, name])));
      expect(warnings).toEqual([]);
    });
  });

  describe('fields Ollama has no place for', () => {
    it('drops title, annotations and outputSchema, each with a warning that names the tool', () => {
      const tool: McpTool = { ...ADD_NUMBERS_TOOL, title: 'Add', annotations: { readOnlyHint: true }, outputSchema: { type: 'object' } };
      const { result, warnings } = prepareOllamaTools({ tools: [tool] });
      expect(Object.keys(result.tools[0]!.function).sort()).toEqual(['description', 'name', 'parameters']);
      expect(warnings.map((warning) => warning.code)).toEqual(['dropped-title', 'dropped-annotations', 'dropped-outputSchema']);
      for (const warning of warnings) expect(warning.message).toContain('Ollama');
    });
  });

  describe('schema keywords Ollama does not pass to the model', () => {
    it('sends them, but warns for each one at the top and in a property', () => {
      const inputSchema = {
        type: 'object' as const,
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        properties: { a: { type: 'number', minimum: 0, enum: [1, 2] }, b: { type: 'array', items: { type: 'number' } } },
        required: ['a'],
        additionalProperties: false,
      };
      const { result, warnings } = prepareOllamaTools({ tools: [{ name: 'add', inputSchema }] });
      expect(result.tools[0]!.function.parameters).toEqual(inputSchema);
      expect(warnings.map((warning) => warning.path)).toEqual([
        'tools[0].inputSchema.$schema',
        'tools[0].inputSchema.additionalProperties',
        'tools[0].inputSchema.properties.a.minimum',
      ]);
      expect(warnings.every((warning) => warning.code === 'ollama-keyword-unread')).toBe(true);
      expect(warnings[1]!.message).toContain('"additionalProperties"');
    });
  });
});
