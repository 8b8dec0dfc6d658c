import { describe, expect, it } from 'vitest';
import { ADD_NUMBERS_TOOL } from '../test-fixtures.ts';
import type { McpTool } from '../types.ts';
import { prepareOpenAiChatTools } from './prepare-openai-chat-tools.ts';

describe('prepareOpenAiChatTools (translation #1)', () => {
  describe('a tool that fits', () => {
    it('becomes a function tool whose parameters are the inputSchema, unchanged', () => {
      const { result, warnings } = prepareOpenAiChatTools({ tools: [ADD_NUMBERS_TOOL] });
      expect(result.tools).toEqual([
        { type: 'function', function: { name: 'add_numbers', description: 'Adds two numbers', parameters: ADD_NUMBERS_TOOL.inputSchema } },
      ]);
      expect(result.nameMap).toEqual({ add_numbers: 'add_numbers' });
      expect(warnings).toEqual([]);
    });

    it('leaves the description out when the tool has none, rather than sending undefined', () => {
      const { result } = prepareOpenAiChatTools({ tools: [{ name: 'ping', inputSchema: { type: 'object' } }] });
      expect(result.tools[0]!.function).toEqual({ name: 'ping', parameters: { type: 'object' } });
      expect('description' in result.tools[0]!.function).toBe(false);
    });

    it('keeps the order of the tools', () => {
      const { result } = prepareOpenAiChatTools({ tools: [ADD_NUMBERS_TOOL, { name: 'ping', inputSchema: { type: 'object' } }] });
      expect(result.tools.map((tool) => tool.function.name)).toEqual(['add_numbers', 'ping']);
    });
  });

  describe('fields OpenAI has no place for', () => {
    it('drops title, annotations and outputSchema, each with a warning that names the tool', () => {
      const tool: McpTool = {
        ...ADD_NUMBERS_TOOL,
        title: 'Add numbers',
        annotations: { readOnlyHint: true },
        outputSchema: { type: 'object', properties: { sum: { type: 'number' } } },
      };
      const { result, warnings } = prepareOpenAiChatTools({ tools: [tool] });
      const sent = result.tools[0]!.function as Record<string, unknown>;
      expect(Object.keys(sent).sort()).toEqual(['description', 'name', 'parameters']);
      expect(warnings.map((warning) => warning.code)).toEqual(['dropped-title', 'dropped-annotations', 'dropped-outputSchema']);
      expect(warnings.map((warning) => warning.path)).toEqual(['tools[0].title', 'tools[0].annotations', 'tools[0].outputSchema']);
      for (const warning of warnings) expect(warning.message).toContain('"add_numbers"');
    });
  });

  describe('names OpenAI refuses', () => {
    it('renames the tool, warns, and keeps the way back in the name map', () => {
      const { result, warnings } = prepareOpenAiChatTools({ tools: [{ ...ADD_NUMBERS_TOOL, name: 'math.add' }] });
      expect(result.tools[0]!.function.name).toBe('math_add');
      expect(result.nameMap).toEqual({ math_add: 'math.add' });
      expect(warnings).toEqual([expect.objectContaining({ code: 'tool-name-renamed', path: 'tools[0].name' })]);
    });
  });
});
