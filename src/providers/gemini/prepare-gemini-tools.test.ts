import { describe, expect, it } from 'vitest';
import { restoreToolName } from '../tool-names.ts';
import { ADD_NUMBERS_TOOL } from '../test-fixtures.ts';
import type { McpTool } from '../types.ts';
import { prepareGeminiTools } from './prepare-gemini-tools.ts';

// Closed, as the built-in server's add_numbers is: Gemini keeps additionalProperties, and a test checks that it does.
const addNumbers: McpTool = { ...ADD_NUMBERS_TOOL, inputSchema: { ...ADD_NUMBERS_TOOL.inputSchema, additionalProperties: false } };

describe('prepareGeminiTools (translation #1)', () => {
  describe('a tool that fits', () => {
    it('becomes a function declaration in one Gemini tool, with the inputSchema as parametersJsonSchema', () => {
      const { result, warnings } = prepareGeminiTools({ tools: [addNumbers] });
      expect(result.tools).toEqual([
        { functionDeclarations: [{ name: 'add_numbers', description: 'Adds two numbers', parametersJsonSchema: addNumbers.inputSchema }] },
      ]);
      expect(result.nameMap).toEqual({ add_numbers: 'add_numbers' });
      expect(warnings).toEqual([]);
    });

    it('keeps additionalProperties, which Gemini JSON Schema accepts (unlike the older "parameters")', () => {
      const { result } = prepareGeminiTools({ tools: [addNumbers] });
      expect(result.tools[0]!.functionDeclarations[0]!.parametersJsonSchema.additionalProperties).toBe(false);
    });

    it('puts several tools in the same functionDeclarations list, in order', () => {
      const { result } = prepareGeminiTools({ tools: [addNumbers, { name: 'ping', inputSchema: { type: 'object' } }] });
      expect(result.tools).toHaveLength(1);
      expect(result.tools[0]!.functionDeclarations.map((declaration) => declaration.name)).toEqual(['add_numbers', 'ping']);
      expect('description' in result.tools[0]!.functionDeclarations[1]!).toBe(false);
    });

    it('sends no tool at all when the server offers none', () => {
      expect(prepareGeminiTools({ tools: [] }).result.tools).toEqual([]);
    });

    it('reports each move with paths into the MCP tools and the Gemini tools', () => {
      const { changes } = prepareGeminiTools({ tools: [addNumbers] });
      expect(changes).toContainEqual(
        expect.objectContaining({ kind: 'renamed', from: '[0].inputSchema', to: '[0].functionDeclarations[0].parametersJsonSchema' }),
      );
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'moved', from: '[0].name', to: '[0].functionDeclarations[0].name' }));
    });
  });

  describe('fields Gemini has no place for', () => {
    it('drops title and annotations with a warning each, and carries outputSchema as responseJsonSchema', () => {
      const outputSchema = { type: 'object' as const, properties: { sum: { type: 'number' } }, required: ['sum'] };
      const tool: McpTool = { ...addNumbers, title: 'Add numbers', annotations: { readOnlyHint: true }, outputSchema };
      const { result, warnings, changes } = prepareGeminiTools({ tools: [tool] });
      const declaration = result.tools[0]!.functionDeclarations[0]!;
      expect(Object.keys(declaration).sort()).toEqual(['description', 'name', 'parametersJsonSchema', 'responseJsonSchema']);
      expect(declaration.responseJsonSchema).toEqual(outputSchema);
      expect(warnings.map((warning) => warning.code)).toEqual(['dropped-title', 'dropped-annotations']);
      expect(changes).toContainEqual(
        expect.objectContaining({ kind: 'renamed', from: '[0].outputSchema', to: '[0].functionDeclarations[0].responseJsonSchema' }),
      );
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'dropped', from: '[0].title' }));
    });
  });

  describe('names Gemini refuses', () => {
    it('keeps dots and colons, which Gemini accepts', () => {
      const { result, warnings } = prepareGeminiTools({
        tools: [
          { ...addNumbers, name: 'math.add' },
          { ...addNumbers, name: 'ns:sub-tract' },
        ],
      });
      expect(result.tools[0]!.functionDeclarations.map((declaration) => declaration.name)).toEqual(['math.add', 'ns:sub-tract']);
      expect(warnings).toEqual([]);
    });

    it('keeps a name of 100 characters (Gemini allows 128), as MCP names may be', () => {
      const name = `tool_${'x'.repeat(95)}`;
      const { result, warnings } = prepareGeminiTools({ tools: [{ ...addNumbers, name }] });
      expect(result.tools[0]!.functionDeclarations[0]!.name).toBe(name);
      expect(warnings).toEqual([]);
    });

    it('renames spaces, a leading digit and names over 128 characters, and maps them back', () => {
      const long = `tool_${'x'.repeat(140)}`;
      const names = ['add numbers', '2nd-tool', long];
      const { result, warnings } = prepareGeminiTools({ tools: names.map((name) => ({ ...addNumbers, name })) });
      const sent = result.tools[0]!.functionDeclarations.map((declaration) => declaration.name);
      expect(sent[0]).toBe('add_numbers');
      expect(sent[1]).toBe('_2nd-tool');
      expect(sent[2]).toHaveLength(128);
      sent.forEach((name, index) => expect(restoreToolName({ name, nameMap: result.nameMap })).toBe(names[index]));
      expect(warnings.map((warning) => warning.path)).toEqual(['tools[0].name', 'tools[1].name', 'tools[2].name']);
      expect(warnings[0]!.message).toContain('Gemini');
    });
  });

  describe('schema keywords outside Gemini JSON Schema', () => {
    it('removes them from the parameters and the response schema, warning for each', () => {
      const tool: McpTool = {
        name: 'shout',
        inputSchema: {
          type: 'object',
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          properties: { text: { type: 'string', minLength: 1, pattern: '^[a-z]+$' } },
        },
        outputSchema: { type: 'object', properties: { loud: { type: 'string', maxLength: 99 } } },
      };
      const { result, warnings } = prepareGeminiTools({ tools: [tool] });
      const declaration = result.tools[0]!.functionDeclarations[0]!;
      expect(declaration.parametersJsonSchema).toEqual({ type: 'object', properties: { text: { type: 'string' } } });
      expect(declaration.responseJsonSchema).toEqual({ type: 'object', properties: { loud: { type: 'string' } } });
      expect(warnings.map((warning) => warning.path)).toEqual([
        'tools[0].inputSchema.$schema',
        'tools[0].inputSchema.properties.text.minLength',
        'tools[0].inputSchema.properties.text.pattern',
        'tools[0].outputSchema.properties.loud.maxLength',
      ]);
    });
  });
});
