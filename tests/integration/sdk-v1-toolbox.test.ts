import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodePalettePng } from '../helpers/decode-png.ts';
import { useServer } from '../helpers/use-server.ts';

/** The released v1 SDK client on /mcp/toolbox: the same tools work for a client we did not write. */

const server = useServer();
let client: Client;
beforeEach(async () => {
  client = new Client({ name: 'sdk-v1-toolbox-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/toolbox`)));
});
afterEach(async () => {
  await client.close();
});

describe('the v1 SDK client on /mcp/toolbox', () => {
  it('lists the fourteen tools, math.power among them', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(14);
    expect(tools.map((tool) => tool.name)).toContain('math.power');
  });

  it("gets convert_units' structuredContent, which it validates against the outputSchema", async () => {
    await client.listTools();
    const result = await client.callTool({ name: 'convert_units', arguments: { value: 5280, from: 'feet', to: 'miles' } });
    expect(result.structuredContent).toEqual({ value: 1, unit: 'miles' });
  });

  it('gets an isError result for a division by zero', async () => {
    const result = await client.callTool({ name: 'divide_numbers', arguments: { a: 1, b: 0 } });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining('Tool divide_numbers failed: Division by zero: 1 ÷ 0') }]);
  });

  it('gets the chart as an image block that decodes as a PNG', async () => {
    const result = await client.callTool({ name: 'draw_bar_chart', arguments: { values: [1, -2, 3] } });
    const [image] = result.content as { type: string; data: string }[];
    expect(image!.type).toBe('image');
    expect(decodePalettePng(Buffer.from(image!.data, 'base64'))).toMatchObject({ width: 200, height: 120 });
  });

  it("receives count_slowly's own progress messages in order", async () => {
    const messages: string[] = [];
    const result = await client.callTool({ name: 'count_slowly', arguments: { to: 2 } }, undefined, {
      onprogress: (progress) => messages.push(progress.message ?? ''),
    });
    expect(messages.filter((message) => message.startsWith('Counted'))).toEqual(['Counted 1 of 2', 'Counted 2 of 2']);
    expect(result.content).toEqual([{ type: 'text', text: 'Counted to 2' }]);
  });
});
