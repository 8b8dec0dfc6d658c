import { z } from 'zod';
import { defineTool } from './tool-registry.ts';

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

export const builtInTools = [addNumbers];
