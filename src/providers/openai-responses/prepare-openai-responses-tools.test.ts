import { describe, expect, it } from 'vitest';
import { ADD_NUMBERS_TOOL } from '../test-fixtures.ts';
import type { McpTool } from '../types.ts';
import { prepareOpenAiResponsesTools } from './prepare-openai-responses-tools.ts';

describe('prepareOpenAiResponsesTools (translation #1)', () => {
  describe('add_numbers, a tool that fits', () => {
    it('becomes a flat function tool with strict: false said out loud', () => {
      const { result, warnings, changes } = prepareOpenAiResponsesTools({ tools: [ADD_NUMBERS_TOOL] });
      expect(result.tools).toEqual([
        { type: 'function', name: 'add_numbers', description: 'Adds two numbers', parameters: ADD_NUMBERS_TOOL.inputSchema, strict: false },
      ]);
      expect(result.nameMap).toEqual({ add_numbers: 'add_numbers' });
      expect(warnings).toEqual([]);
      expect(changes.map((change) => [change.kind, change.from, change.to])).toEqual([
        ['added', undefined, '[0].type'],
        ['renamed', '[0].inputSchema', '[0].parameters'],
        ['added', undefined, '[0].strict'],
      ]);
    });

    it('leaves the description out when the tool has none', () => {
      const { result } = prepareOpenAiResponsesTools({ tools: [{ name: 'ping', inputSchema: { type: 'object' } }] });
      expect(result.tools[0]).toEqual({ type: 'function', name: 'ping', parameters: { type: 'object' }, strict: false });
    });
  });

  describe('fields', () => {
    it('drops title, annotations and _meta with a warning each', () => {
      const tool: McpTool = { ...ADD_NUMBERS_TOOL, title: 'Add numbers', annotations: { readOnlyHint: true }, _meta: { source: 'test' } };
      const { result, warnings, changes } = prepareOpenAiResponsesTools({ tools: [tool] });
      expect(Object.keys(result.tools[0]!).sort()).toEqual(['description', 'name', 'parameters', 'strict', 'type']);
      expect(warnings.map((warning) => warning.code)).toEqual(['dropped-title', 'dropped-annotations', 'dropped-_meta']);
      expect(changes.filter((change) => change.kind === 'dropped').map((change) => change.from)).toEqual(['[0].title', '[0].annotations', '[0]._meta']);
    });

    it('carries outputSchema as output_schema, which this format has, with no warning', () => {
      const outputSchema = { type: 'object' as const, properties: { sum: { type: 'number' } }, required: ['sum'] };
      const { result, warnings, changes } = prepareOpenAiResponsesTools({ tools: [{ ...ADD_NUMBERS_TOOL, outputSchema }] });
      expect(result.tools[0]!.output_schema).toEqual(outputSchema);
      expect(warnings).toEqual([]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'renamed', from: '[0].outputSchema', to: '[0].output_schema' }));
    });
  });

  describe('names OpenAI refuses', () => {
    it.each([
      ['math.add', 'math_add'],
      ['add numbers', 'add_numbers'],
      ['n'.repeat(70), 'n'.repeat(64)],
    ])('renames "%s" to "%s", warns, and keeps the way back', (name, expected) => {
      const { result, warnings } = prepareOpenAiResponsesTools({ tools: [{ ...ADD_NUMBERS_TOOL, name }] });
      expect(result.tools[0]!.name).toBe(expected);
      expect(result.nameMap).toEqual({ [expected]: name });
      expect(warnings).toEqual([expect.objectContaining({ code: 'tool-name-renamed', path: 'tools[0].name' })]);
    });
  });

  describe('strict mode', () => {
    it('closes the schema, makes optional properties nullable and keeps the rules strict mode keeps, each reported, and keeps the MCP schema for translation #2', () => {
      const tool: McpTool = {
        name: 'add_numbers',
        inputSchema: {
          type: 'object',
          properties: {
            a: { type: 'number', minimum: 0 },
            b: { type: 'number' },
            note: { type: 'string', maxLength: 20 },
            tags: { type: 'array', items: { type: 'string' } },
          },
          required: ['a', 'b', 'tags'],
        },
      };
      const { result, warnings, changes } = prepareOpenAiResponsesTools({ tools: [tool], strict: true });
      expect(result.tools[0]!.strict).toBe(true);
      expect(result.tools[0]!.parameters).toEqual({
        type: 'object',
        properties: {
          a: { type: 'number', minimum: 0 },
          b: { type: 'number' },
          note: { type: ['string', 'null'], maxLength: 20 },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['a', 'b', 'note', 'tags'],
        additionalProperties: false,
      });
      expect(warnings.map((warning) => [warning.code, warning.path])).toEqual([['strict-optional-nullable', 'tools[0].inputSchema.properties.note']]);
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'added', to: '[0].parameters.additionalProperties' }));
      expect(result.strictSchemas).toEqual({ add_numbers: tool.inputSchema });
    });

    it('sends a tool whose rule strict mode cannot say (uniqueItems) without strict mode, its schema as it came, and says why', () => {
      const inputSchema = {
        type: 'object' as const,
        properties: { tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } },
        required: ['tags'],
      };
      const { result, warnings, changes } = prepareOpenAiResponsesTools({ tools: [{ name: 'tag', inputSchema }], strict: true });
      expect(result.tools[0]).toMatchObject({ strict: false, parameters: inputSchema });
      expect(warnings).toEqual([expect.objectContaining({ code: 'strict-not-faithful', path: 'tools[0].inputSchema.properties.tags' })]);
      expect(warnings[0]!.message).toContain('"uniqueItems" at [0].inputSchema.properties.tags (items that must all differ)');
      expect(changes).toContainEqual({ kind: 'added', to: '[0].strict', note: 'false: strict mode cannot express this schema (see the warning)' });
      expect(result.strictSchemas).toEqual({});
    });
  });
});
