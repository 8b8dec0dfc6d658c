import { z } from 'zod';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { defineTool } from '../tool-registry.ts';

/**
 * The arithmetic tools. add_numbers is the article's one tool, the happy path; each
 * other one has a lesson: multiply_numbers is the plain case again, divide_numbers fails
 * at execution (valid arguments, impossible work), and math.power has a dotted name that
 * some providers refuse (translation #1).
 */

const twoNumbers = z.strictObject({
  a: z.number().describe('The first number'),
  b: z.number().describe('The second number'),
});

/** Every arithmetic tool answers in the same words, "Result: 12", as the article's server does. */
function presentResult(value: number): CallToolResult {
  return { content: [{ type: 'text', text: `Result: ${value}` }] };
}

/** JSON cannot carry Infinity or NaN, so a result that is not a finite number is an execution failure. */
function requireFinite(value: number, what: string): number {
  if (!Number.isFinite(value)) throw new Error(`${what} is not a finite number (${value}), and JSON cannot carry it`);
  return value;
}

export const addNumbers = defineTool({
  name: 'add_numbers',
  description: 'Adds two numbers',
  input: twoNumbers,
  handler: ({ a, b }) => a + b,
  present: presentResult,
});

export const multiplyNumbers = defineTool({
  name: 'multiply_numbers',
  description: 'Multiplies two numbers',
  input: twoNumbers,
  handler: ({ a, b }) => requireFinite(a * b, `${a} × ${b}`),
  present: presentResult,
});

export const divideNumbers = defineTool({
  name: 'divide_numbers',
  description: 'Divides a by b',
  input: z.strictObject({
    a: z.number().describe('The number to divide (the dividend)'),
    b: z.number().describe('The number to divide by (the divisor)'),
  }),
  handler: ({ a, b }) => {
    // The schema accepts 0 on purpose: the arguments are valid, the work is impossible,
    // so the learner sees an execution error (isError) rather than a validation error.
    if (b === 0) throw new Error(`Division by zero: ${a} ÷ 0 has no value; ask again with a divisor other than 0`);
    return requireFinite(a / b, `${a} ÷ ${b}`);
  },
  present: presentResult,
});

export const raiseToPower = defineTool({
  name: 'math.power',
  description: 'Raises a number to a power',
  input: z.strictObject({
    base: z.number().describe('The number to raise'),
    exponent: z.number().describe('The power to raise it to'),
  }),
  handler: ({ base, exponent }) => requireFinite(base ** exponent, `${base} to the power ${exponent}`),
  present: presentResult,
});
