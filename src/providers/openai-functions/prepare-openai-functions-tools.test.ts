import { describe, expect, it } from 'vitest';
import { ADD_NUMBERS_TOOL } from '../test-fixtures.ts';
import type { McpTool } from '../types.ts';
import { prepareOpenAiFunctionsTools } from './prepare-openai-functions-tools.ts';

describe('prepareOpenAiFunctionsTools (translation #1)', () => {
  describe('add_numbers, a tool that fits', () => {
    it('becomes a flat { name, description, parameters } with the inputSchema unchanged', () => {
      const { result, warnings, changes } = prepareOpenAiFunctionsTools({ tools: [ADD_NUMBERS_TOOL] });
      expect(result.tools).toEqual([{ name: 'add_numbers', description: 'Adds two numbers', parameters: ADD_NUMBERS_TOOL.inputSchema }]);
      expect(result.nameMap).toEqual({ add_numbers: 'add_numbers' });
      expect(warnings).toEqual([]);
      expect(changes).toEqual([{ kind: 'renamed', from: '[0].inputSchema', to: '[0].parameters', note: expect.any(String) }]);
    });

    it('has no type wrapper and no strict field, unlike the newer tools', () => {
      const sent = prepareOpenAiFunctionsTools({ tools: [ADD_NUMBERS_TOOL] }).result.tools[0] as Record<string, unknown>;
      expect(Object.keys(sent).sort()).toEqual(['description', 'name', 'parameters']);
    });

    it('leaves the description out when the tool has none', () => {
      const { result } = prepareOpenAiFunctionsTools({ tools: [{ name: 'ping', inputSchema: { type: 'object' } }] });
      expect(result.tools[0]).toEqual({ name: 'ping', parameters: { type: 'object' } });
    });
  });

  describe('fields legacy functions have no place for', () => {
    it('drops title, annotations, outputSchema and _meta, each with a warning and a change', () => {
      const tool: McpTool = {
        ...ADD_NUMBERS_TOOL,
        title: 'Add numbers',
        annotations: { readOnlyHint: true },
        outputSchema: { type: 'object', properties: { sum: { type: 'number' } } },
        _meta: { source: 'test' },
      };
      const { result, warnings, changes } = prepareOpenAiFunctionsTools({ tools: [tool] });
      expect(Object.keys(result.tools[0]!).sort()).toEqual(['description', 'name', 'parameters']);
      expect(warnings.map((warning) => warning.code)).toEqual(['dropped-title', 'dropped-annotations', 'dropped-outputSchema', 'dropped-_meta']);
      for (const warning of warnings) expect(warning.message).toContain('legacy functions');
      expect(changes.filter((change) => change.kind === 'dropped').map((change) => change.from)).toEqual([
        '[0].title',
        '[0].annotations',
        '[0].outputSchema',
        '[0]._meta',
      ]);
    });
  });

  describe('names OpenAI refuses', () => {
    it.each([
      ['math.add', 'math_add'],
      ['add two numbers', 'add_two_numbers'],
      [`add_${'x'.repeat(100)}`, `add_${'x'.repeat(60)}`],
    ])('renames "%s" to "%s", warns, and keeps the way back', (name, expected) => {
      const { result, warnings, changes } = prepareOpenAiFunctionsTools({ tools: [{ ...ADD_NUMBERS_TOOL, name }] });
      expect(result.tools[0]!.name).toBe(expected);
      expect(result.nameMap).toEqual({ [expected]: name });
      expect(warnings).toEqual([expect.objectContaining({ code: 'tool-name-renamed', path: 'tools[0].name' })]);
      expect(changes[0]).toMatchObject({ kind: 'renamed', from: '[0].name', to: '[0].name' });
    });
  });

  describe('strict mode, which this format does not have', () => {
    it('sends the schema unchanged and says that strict mode was not available', () => {
      const loose: McpTool = { name: 'add_numbers', inputSchema: { type: 'object', properties: { a: { type: 'number', minimum: 0 } } } };
      const { result, warnings } = prepareOpenAiFunctionsTools({ tools: [loose], strict: true });
      expect(result.tools[0]!.parameters).toEqual(loose.inputSchema);
      expect(warnings).toEqual([expect.objectContaining({ code: 'strict-not-available' })]);
    });

    it('says nothing about strict mode when it was not asked for', () => {
      expect(prepareOpenAiFunctionsTools({ tools: [ADD_NUMBERS_TOOL], strict: false }).warnings).toEqual([]);
    });
  });

  describe('several tools', () => {
    it('keeps their order and numbers each change by its tool', () => {
      const { result, changes } = prepareOpenAiFunctionsTools({ tools: [ADD_NUMBERS_TOOL, { name: 'ping', inputSchema: { type: 'object' } }] });
      expect(result.tools.map((tool) => tool.name)).toEqual(['add_numbers', 'ping']);
      expect(changes.map((change) => change.to)).toEqual(['[0].parameters', '[1].parameters']);
    });
  });
});
