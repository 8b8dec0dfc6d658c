import { z } from 'zod';
import { defineTool } from './tool-registry.ts';
import { divideNumbers, multiplyNumbers, raiseToPower } from './tools/arithmetic-tools.ts';
import { convertUnits } from './tools/convert-units.ts';
import { countSlowly } from './tools/count-slowly.ts';
import { drawBarChart } from './tools/draw-bar-chart.ts';

export const addNumbers = defineTool({
  name: 'add_numbers',
  description: 'Adds two numbers',
  input: z.strictObject({
    a: z.number().describe('The first number'),
    b: z.number().describe('The second number'),
  }),
  handler: ({ a, b }) => a + b,
  present: (sum) => ({ content: [{ type: 'text', text: `Result: ${sum}` }] }),
});

/** The article's server: one tool, served on /mcp. */
export const builtInTools = [addNumbers];

/** Every tool, each teaching one thing beyond the happy path, served on /mcp/toolbox. */
export const toolboxTools = [addNumbers, multiplyNumbers, divideNumbers, raiseToPower, convertUnits, drawBarChart, countSlowly];
