import { z } from 'zod';
import { defineTool } from '../../server/mcp/tool-registry.ts';
import type { McpTool } from '../../src/providers/types.ts';

/** The question of the walkthrough: the mock model answers it with one add_numbers call and "5 plus 7 is 12.". */
export const QUESTION = 'What is 5 plus 7?';

/**
 * add_numbers as a client receives it from tools/list, in its plainest form (no property
 * descriptions, the object left open), so each translator's own output is easy to read.
 */
export const ADD_NUMBERS_TOOL: McpTool = {
  name: 'add_numbers',
  description: 'Adds two numbers',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
};

/** A valid 1×1 PNG (RGBA), base64, for tool results that carry an image. */
export const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A second tool for the server, so the mock can answer with two calls in one turn or chain two rounds. */
export const MULTIPLY_NUMBERS_TOOL = defineTool({
  name: 'multiply_numbers',
  description: 'Multiplies two numbers',
  input: z.strictObject({ a: z.number(), b: z.number() }),
  handler: ({ a, b }) => a * b,
  present: (product) => ({ content: [{ type: 'text', text: `Result: ${product}` }] }),
});
