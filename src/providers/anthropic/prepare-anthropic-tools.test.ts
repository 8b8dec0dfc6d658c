import { describe, expect, it } from 'vitest';
import { ADD_NUMBERS_TOOL } from '../test-fixtures.ts';
import type { McpTool } from '../types.ts';
import { prepareAnthropicTools } from './prepare-anthropic-tools.ts';

describe('prepareAnthropicTools (translation #1)', () => {
  describe('a tool that fits', () => {
    it('becomes a flat { name, description, input_schema } whose schema is the inputSchema, unchanged', () => {
      const { result, warnings, changes } = prepareAnthropicTools({ tools: [ADD_NUMBERS_TOOL] });
      expect(result.tools).toEqual([{ name: 'add_numbers', description: 'Adds two numbers', input_schema: ADD_NUMBERS_TOOL.inputSchema }]);
      expect(result.nameMap).toEqual({ add_numbers: 'add_numbers' });
      expect(warnings).toEqual([]);
      expect(changes).toEqual([{ kind: 'renamed', from: '[0].inputSchema', to: '[0].input_schema', note: expect.any(String) }]);
    });

    it('has no wrapper and no type field, unlike OpenAI', () => {
      const { result } = prepareAnthropicTools({ tools: [ADD_NUMBERS_TOOL] });
      expect(Object.keys(result.tools[0]!).sort()).toEqual(['description', 'input_schema', 'name']);
    });

    it('leaves the description out when the tool has none, rather than sending undefined', () => {
      const { result } = prepareAnthropicTools({ tools: [{ name: 'ping', inputSchema: { type: 'object' } }] });
      expect(result.tools[0]).toEqual({ name: 'ping', input_schema: { type: 'object' } });
      expect('description' in result.tools[0]!).toBe(false);
    });

    it('keeps the order of the tools and does not change the MCP tools it was given', () => {
      const tools = [ADD_NUMBERS_TOOL, { name: 'ping', inputSchema: { type: 'object' as const } }];
      const before = JSON.stringify(tools);
      const { result } = prepareAnthropicTools({ tools });
      expect(result.tools.map((tool) => tool.name)).toEqual(['add_numbers', 'ping']);
      expect(JSON.stringify(tools)).toBe(before);
    });
  });

  describe('fields Anthropic has no place for', () => {
    it('drops title, annotations, outputSchema, icons and _meta, each with a warning and a change', () => {
      const tool: McpTool = {
        ...ADD_NUMBERS_TOOL,
        title: 'Add numbers',
        annotations: { readOnlyHint: true },
        outputSchema: { type: 'object', properties: { sum: { type: 'number' } } },
        icons: [{ src: 'https://example.com/add.png' }],
        _meta: { origin: 'test' },
      };
      const { result, warnings, changes } = prepareAnthropicTools({ tools: [tool] });
      expect(Object.keys(result.tools[0]!).sort()).toEqual(['description', 'input_schema', 'name']);
      expect(warnings.map((warning) => warning.code)).toEqual([
        'dropped-title',
        'dropped-annotations',
        'dropped-outputSchema',
        'dropped-icons',
        'dropped-_meta',
      ]);
      for (const warning of warnings) expect(warning.message).toContain('"add_numbers"');
      expect(changes.filter((change) => change.kind === 'dropped').map((change) => change.from)).toEqual([
        '[0].title',
        '[0].annotations',
        '[0].outputSchema',
        '[0].icons',
        '[0]._meta',
      ]);
    });
  });

  describe('names Anthropic refuses', () => {
    it('renames a dotted name, warns, and keeps the way back in the name map', () => {
      const { result, warnings, changes } = prepareAnthropicTools({ tools: [{ ...ADD_NUMBERS_TOOL, name: 'math.add' }] });
      expect(result.tools[0]!.name).toBe('math_add');
      expect(result.nameMap).toEqual({ math_add: 'math.add' });
      expect(warnings).toEqual([expect.objectContaining({ code: 'tool-name-renamed', path: 'tools[0].name' })]);
      expect(warnings[0]!.message).toContain('Anthropic refuses the tool name "math.add"');
      expect(changes).toContainEqual(expect.objectContaining({ kind: 'renamed', from: '[0].name', to: '[0].name' }));
    });

    it('renames names with spaces and names longer than 64 characters to ones that match ^[a-zA-Z0-9_-]{1,64}$', () => {
      const long = `add_${'x'.repeat(120)}`;
      const { result } = prepareAnthropicTools({
        tools: [
          { ...ADD_NUMBERS_TOOL, name: 'add two numbers' },
          { ...ADD_NUMBERS_TOOL, name: long },
        ],
      });
      expect(result.tools.map((tool) => tool.name)).toEqual(['add_two_numbers', long.slice(0, 64)]);
      for (const tool of result.tools) expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(result.nameMap[long.slice(0, 64)]).toBe(long);
    });
  });

  describe('schema keywords Anthropic refuses', () => {
    it('removes oneOf, anyOf and allOf at the top level, with a warning each, and keeps them below', () => {
      const tool: McpTool = {
        name: 'lookup',
        inputSchema: {
          type: 'object',
          properties: { id: { anyOf: [{ type: 'string' }, { type: 'number' }] }, email: { type: 'string' } },
          oneOf: [{ required: ['id'] }, { required: ['email'] }],
          anyOf: [{ required: ['id'] }],
          allOf: [{ required: ['id'] }],
        },
      };
      const { result, warnings, changes } = prepareAnthropicTools({ tools: [tool] });
      const schema = result.tools[0]!.input_schema;
      expect(schema).not.toHaveProperty('oneOf');
      expect(schema).not.toHaveProperty('anyOf');
      expect(schema).not.toHaveProperty('allOf');
      expect(schema.properties).toEqual(tool.inputSchema.properties);
      expect(warnings.map((warning) => [warning.code, warning.path])).toEqual([
        ['schema-keyword-dropped', 'tools[0].inputSchema.oneOf'],
        ['schema-keyword-dropped', 'tools[0].inputSchema.anyOf'],
        ['schema-keyword-dropped', 'tools[0].inputSchema.allOf'],
      ]);
      expect(changes.filter((change) => change.kind === 'dropped').map((change) => change.from)).toEqual([
        '[0].inputSchema.oneOf',
        '[0].inputSchema.anyOf',
        '[0].inputSchema.allOf',
      ]);
    });

    it('makes a root that is not an object schema one, and says so', () => {
      const tool = { name: 'odd', inputSchema: { properties: {} } } as unknown as McpTool;
      const { result, warnings } = prepareAnthropicTools({ tools: [tool] });
      expect(result.tools[0]!.input_schema.type).toBe('object');
      expect(warnings).toEqual([expect.objectContaining({ code: 'schema-type-object', path: 'tools[0].inputSchema.type' })]);
    });
  });

  describe('strict mode', () => {
    it('is not an Anthropic option: the schema is left as it is and a warning says why', () => {
      const { result, warnings } = prepareAnthropicTools({ tools: [ADD_NUMBERS_TOOL], strict: true });
      expect(result.tools[0]!.input_schema).toEqual(ADD_NUMBERS_TOOL.inputSchema);
      expect(result.tools[0]).not.toHaveProperty('strict');
      expect(warnings).toEqual([expect.objectContaining({ code: 'strict-not-supported' })]);
    });
  });
});
