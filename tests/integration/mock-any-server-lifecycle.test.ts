import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Trace } from '../../src/trace/trace.ts';
import { WIRE_CATALOG } from '../../src/providers/wire-catalog.ts';
import { defineTool } from '../../server/mcp/tool-registry.ts';
import { runMockLifecycle } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The mock model with an MCP server it was not written for: tools defined here, served
 * by the app's MCP server, called by the real host in all six wire formats. The mock
 * sees each tool under the name the host gave it for the provider ("math.power" may
 * arrive as "math_power") and must still pick it, fill it, and read its result.
 */

const UNITS = ['meters', 'kilometers', 'miles', 'feet'] as const;
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
// The smallest PNG there is: one transparent pixel.
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const tools = [
  defineTool({
    name: 'convert_units',
    description: 'Converts a length between meters, kilometers, miles and feet',
    input: z.strictObject({ value: z.number(), from: z.enum(UNITS), to: z.enum(UNITS) }),
    handler: ({ value, from, to }) => ({ value: from === 'kilometers' && to === 'miles' ? value * 0.621371192 : value, unit: to }),
    // Structured content, and the same as JSON text, as a server with an outputSchema sends it.
    present: (converted) => ({ ...text(JSON.stringify(converted)), structuredContent: converted }),
  }),
  defineTool({
    name: 'draw_bar_chart',
    description: 'Draws a bar chart of numbers as a PNG image',
    input: z.strictObject({ values: z.array(z.number()), title: z.string().optional() }),
    handler: () => PIXEL,
    present: (data) => ({ content: [{ type: 'image', data, mimeType: 'image/png' }] }),
  }),
  defineTool({
    name: 'count_slowly',
    description: 'Counts from 1 up to a number, slowly',
    input: z.strictObject({ to: z.number().int() }),
    handler: ({ to }) => ({ counted: to }),
    // Structured content alone: each format carries it its own way, and the mock reads it.
    present: (counted) => ({ content: [], structuredContent: counted }),
  }),
  defineTool({
    name: 'math.power',
    description: 'Raises a number to a power',
    input: z.strictObject({ base: z.number(), exponent: z.number() }),
    handler: ({ base, exponent }) => base ** exponent,
    present: (power) => text(`Result: ${power}`),
  }),
  defineTool({
    name: 'echo',
    description: 'Sends the message back',
    input: z.strictObject({ message: z.string() }),
    handler: ({ message }) => message,
    present: (message) => text(message),
  }),
  defineTool({
    name: 'divide_numbers',
    description: 'Divides a by b',
    input: z.strictObject({ a: z.number(), b: z.number() }),
    handler: ({ a, b }) => {
      if (b === 0) throw new Error('Cannot divide by zero');
      return a / b;
    },
    present: (quotient) => text(`Result: ${quotient}`),
  }),
];

const server = useServer({ tools });

function runWith(wire: (typeof WIRE_CATALOG)[number], question: string, model?: string): Promise<Trace> {
  return runMockLifecycle({ serverUrl: server.url, wire: wire.id, era: '2025-11-25', question, model });
}

function callsOf(trace: Trace): unknown[] {
  return trace.steps.filter((step) => step.id === 'host.translate-tool-call').map((step) => step.payload);
}

const EXAMPLES: [string, unknown, RegExp | string][] = [
  [
    'Convert 5 kilometers to miles',
    { name: 'convert_units', arguments: { value: 5, from: 'kilometers', to: 'miles' } },
    'The convert_units tool says: 3.11 miles.',
  ],
  ['Draw a bar chart of 3, 1 and 4', { name: 'draw_bar_chart', arguments: { values: [3, 1, 4] } }, 'The draw_bar_chart tool returned an image and no text.'],
  ['Count slowly to 5', { name: 'count_slowly', arguments: { to: 5 } }, 'The count_slowly tool says: counted 5.'],
  ['What is 2 to the power of 10?', { name: 'math.power', arguments: { base: 2, exponent: 10 } }, /^The math[._]power tool says: 1024\.$/],
  ['Echo "hello world"', { name: 'echo', arguments: { message: 'hello world' } }, 'The echo tool says: hello world.'],
  [
    'What is 7 divided by 0?',
    { name: 'divide_numbers', arguments: { a: 7, b: 0 } },
    'The divide_numbers tool reported an error, so I cannot give the result: Tool divide_numbers failed: Cannot divide by zero',
  ],
];

describe.each(WIRE_CATALOG.map((wire) => [wire.id, wire] as const))('the mock with tools it was not written for, in %s', (_id, wire) => {
  it.each(EXAMPLES)('%j: one call, then the result in words', async (question, call, answer) => {
    const trace = await runWith(wire, question);
    expect(trace.status).toBe('complete');
    expect(callsOf(trace)).toEqual([call]);
    if (typeof answer === 'string') expect(trace.answer).toBe(answer);
    else expect(trace.answer).toMatch(answer);
  });

  it.each(['mock-model-sloppy', 'mock-model-inventive', 'mock-model-broken-json'])('%s recovers with convert_units too', async (model) => {
    const trace = await runWith(wire, 'Convert 5 kilometers to miles', model);
    expect(trace.status).toBe('complete');
    expect(callsOf(trace).at(-1)).toEqual({ name: 'convert_units', arguments: { value: 5, from: 'kilometers', to: 'miles' } });
    expect(trace.answer).toBe('The convert_units tool says: 3.11 miles.');
  });
});
