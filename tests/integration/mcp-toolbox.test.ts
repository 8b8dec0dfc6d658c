import type { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { readTextBlocks, useToolboxClients } from '../helpers/toolbox-clients.ts';
import { SERVER_STAGE_META_KEY } from '../../src/trace/server-report.ts';
import { decodePalettePng } from '../helpers/decode-png.ts';

/**
 * Every toolbox tool through tools/call on /mcp/toolbox, with the official v2 client
 * in both eras, over real HTTP.
 */

const toolbox = useToolboxClients();

const ERAS = [
  ['2025-11-25', 'legacy'],
  ['2026-07-28', { pin: '2026-07-28' }],
] as const;

async function connect(mode: (typeof ERAS)[number][1], path = '/mcp/toolbox'): Promise<Client> {
  return (await toolbox.connect({ mode, name: 'toolbox-test-client', path })).client;
}

const readTexts = readTextBlocks;

describe.each(ERAS)('/mcp/toolbox in era %s', (era, mode) => {
  it('lists every tool, convert_units with its outputSchema', async () => {
    const { tools } = await (await connect(mode)).listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'add_numbers',
      'multiply_numbers',
      'divide_numbers',
      'math.power',
      'convert_units',
      'draw_bar_chart',
      'count_slowly',
      'count_in_background',
      'phrase_sum',
      'ask_for_number',
      'sign_in_first',
      'delete_note',
      'find_unit_table',
      'unlock_temperature_tool',
    ]);
    expect(tools.find((tool) => tool.name === 'convert_units')?.outputSchema).toMatchObject({ type: 'object', required: ['value', 'unit'] });
    // 2025-11-25 says per tool whether it runs as a task; 2026-07-28 dropped the field (there the server decides, per call).
    expect(tools.find((tool) => tool.name === 'count_in_background')?.execution).toEqual(era === '2025-11-25' ? { taskSupport: 'required' } : undefined);
  });

  it('adds, as on /mcp: "Result: 12"', async () => {
    const result = await (await connect(mode)).callTool({ name: 'add_numbers', arguments: { a: 5, b: 7 } });
    expect(readTexts(result)).toEqual(['Result: 12']);
  });

  it('multiplies: "Result: 36"', async () => {
    const result = await (await connect(mode)).callTool({ name: 'multiply_numbers', arguments: { a: 4, b: 9 } });
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'Result: 36' }] });
    expect(result.isError).toBeFalsy();
  });

  it('divides, and answers a division by zero with an isError result, not a protocol error', async () => {
    const client = await connect(mode);
    expect(readTexts(await client.callTool({ name: 'divide_numbers', arguments: { a: 12, b: 4 } }))).toEqual(['Result: 3']);
    const failed = await client.callTool({ name: 'divide_numbers', arguments: { a: 12, b: 0 } });
    expect(failed.isError).toBe(true);
    expect(readTexts(failed)).toEqual(['Tool divide_numbers failed: Division by zero: 12 ÷ 0 has no value; ask again with a divisor other than 0']);
  });

  it('raises to a power under its dotted name math.power', async () => {
    const result = await (await connect(mode)).callTool({ name: 'math.power', arguments: { base: 2, exponent: 10 } });
    expect(readTexts(result)).toEqual(['Result: 1024']);
  });

  it('converts units with structuredContent the client has validated against the outputSchema, and the same data as text', async () => {
    const client = await connect(mode);
    await client.listTools(); // the client validates only against schemas it has listed
    const result = await client.callTool({ name: 'convert_units', arguments: { value: 1, from: 'miles', to: 'kilometers' } });
    expect(result.structuredContent).toEqual({ value: 1.609344, unit: 'kilometers' });
    expect(JSON.parse(readTexts(result)[0]!)).toEqual(result.structuredContent);
  });

  it('refuses a unit outside the enum at validation', async () => {
    const result = await (await connect(mode)).callTool({ name: 'convert_units', arguments: { value: 1, from: 'inches', to: 'meters' } });
    expect(result.isError).toBe(true);
    expect(readTexts(result)[0]).toContain('Input validation error');
  });

  it('draws a bar chart: an image block that decodes as a 200×120 PNG, and a text block describing it', async () => {
    const result = await (await connect(mode)).callTool({ name: 'draw_bar_chart', arguments: { values: [3, 7, 2], title: 'Apples' } });
    const image = result.content.find((block) => block.type === 'image');
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const decoded = decodePalettePng(Buffer.from((image as { data: string }).data, 'base64'));
    expect(decoded).toMatchObject({ width: 200, height: 120 });
    expect(decoded.chunks.every((chunk) => chunk.crcValid)).toBe(true);
    expect(readTexts(result)).toEqual(['Bar chart "Apples": 3 bars (3, 7, 2). The highest is bar 2 (7). A 200×120 PNG image.']);
  });

  it("counts slowly: its own progress, unmarked and in order, between the server's stage reports, then the result", async () => {
    const events: { message: string; progress: number; stage: boolean }[] = [];
    const client = await connect(mode);
    const result = await client.callTool(
      { name: 'count_slowly', arguments: { to: 3 } },
      {
        onprogress: (progress) => {
          const meta = (progress as { _meta?: Record<string, unknown> })._meta;
          events.push({ message: progress.message ?? '', progress: progress.progress, stage: meta?.[SERVER_STAGE_META_KEY] !== undefined });
        },
      },
    );
    events.push({ message: readTexts(result)[0]!, progress: Infinity, stage: false });
    expect(events.map((event) => event.message)).toEqual([
      'Registry lookup: found count_slowly.',
      'Validation: to = 3 ✓ number.',
      'Counted 1 of 3',
      'Counted 2 of 3',
      'Counted 3 of 3',
      'Execution: count_slowly(3) returned 3.',
      'Counted to 3',
    ]);
    expect(events.slice(0, 6).map((event) => event.stage)).toEqual([true, true, false, false, false, true]);
    const values = events.map((event) => event.progress);
    expect(values).toEqual([...values].sort((first, second) => first - second)); // always increasing, as the spec requires
  });
});

describe("/mcp, the article's server", () => {
  it.each(ERAS)('still lists add_numbers alone in era %s', async (_era, mode) => {
    const { tools } = await (await connect(mode, '/mcp')).listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['add_numbers']);
  });
});
