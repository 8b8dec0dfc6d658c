import type { McpTool } from './types.ts';

/**
 * add_numbers with its argument descriptions, the tool every translation #1 test starts
 * from, so that what each format does to one tool can be compared across formats.
 * The object is left open; a test about additionalProperties adds it. Only tests import this.
 */
export const ADD_NUMBERS_TOOL: McpTool = {
  name: 'add_numbers',
  description: 'Adds two numbers',
  inputSchema: {
    type: 'object',
    properties: { a: { type: 'number', description: 'The first number' }, b: { type: 'number', description: 'The second number' } },
    required: ['a', 'b'],
  },
};
