import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { defineTool, type RegisteredTool } from '../../server/mcp/tool-registry.ts';
import { addNumbers } from '../../server/mcp/tools-by-endpoint.ts';

/**
 * outputSchema is a promise both sides check: the client refuses structuredContent
 * that breaks it, and our server checks its own tools first, so a mistake shows up
 * as a readable isError result instead.
 */

const measurement = z.object({ value: z.number(), unit: z.string() });

/** Claims value is a number, returns a string: our server's own check catches it. */
const careless = defineTool({
  name: 'careless_measure',
  description: 'Returns structuredContent that breaks its own outputSchema',
  input: z.object({}),
  output: measurement,
  handler: () => ({ value: 'twelve', unit: 'meters' }),
  present: (wrong) => ({ content: [{ type: 'text', text: JSON.stringify(wrong) }], structuredContent: wrong }),
});

/** Publishes the schema but skips the server's check (no zod output), so only the client can notice. */
const unchecked: RegisteredTool = {
  ...careless,
  definition: { ...careless.definition, name: 'unchecked_measure' },
  output: undefined,
};

let server: RunningServer;
let client: Client;
beforeAll(async () => {
  server = await serve({ port: 0, toolboxTools: [addNumbers, careless, unchecked] });
});
afterEach(async () => {
  await client.close();
});
afterAll(async () => {
  await server.close();
});

describe.each([
  ['2025-11-25', 'legacy'],
  ['2026-07-28', { pin: '2026-07-28' }],
] as const)('structuredContent against outputSchema in era %s', (_era, mode) => {
  it('the v2 client refuses structuredContent that does not match the listed outputSchema', async () => {
    client = new Client({ name: 'output-schema-test', version: '1.0.0' }, { versionNegotiation: { mode } });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/toolbox`)));
    await client.listTools();
    await expect(client.callTool({ name: 'unchecked_measure', arguments: {} })).rejects.toThrow(/structured content/i);
  });

  it("our server turns its own tool's mismatch into an isError result", async () => {
    client = new Client({ name: 'output-schema-test', version: '1.0.0' }, { versionNegotiation: { mode } });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/toolbox`)));
    await client.listTools();
    const result = await client.callTool({ name: 'careless_measure', arguments: {} });
    expect(result.isError).toBe(true);
    expect(result.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('does not match its outputSchema: value:') });
  });
});
