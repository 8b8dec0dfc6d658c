import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/use-server.ts';

/**
 * The built-in server must serve any MCP client, not only the explorer's own: here the
 * released v1 TypeScript SDK client talks to it over Streamable HTTP.
 */

const server = useServer();
let client: Client;
beforeEach(async () => {
  client = new Client({ name: 'sdk-v1-test-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
});
afterEach(async () => {
  await client.close();
});

describe('the v1 SDK client', () => {
  describe('the handshake', () => {
    it('learns the server name and that it has tools', () => {
      expect(client.getServerVersion()).toMatchObject({ name: 'mcp-lifecycle-explorer-server' });
      expect(client.getServerCapabilities()).toMatchObject({ tools: {} });
    });
  });

  describe('tools/list', () => {
    it('lists add_numbers with its description and two required numbers', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['add_numbers']);
      expect(tools[0]).toMatchObject({
        description: 'Adds two numbers',
        inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
      });
    });
  });

  describe('tools/call', () => {
    it('adds 5 and 7: "Result: 12"', async () => {
      const result = await client.callTool({ name: 'add_numbers', arguments: { a: 5, b: 7 } });
      expect(result.isError).toBeFalsy();
      expect(result.content).toEqual([{ type: 'text', text: 'Result: 12' }]);
    });

    it("reports the server's own steps as progress when asked", async () => {
      const messages: string[] = [];
      await client.callTool({ name: 'add_numbers', arguments: { a: 5, b: 7 } }, undefined, {
        onprogress: (progress) => messages.push(progress.message ?? ''),
      });
      expect(messages).toEqual([
        'Registry lookup: found add_numbers.',
        'Validation: a = 5 ✓ number, b = 7 ✓ number.',
        'Execution: add_numbers(5, 7) returned 12.',
      ]);
    });

    it('gives an isError result with "Input validation error" for a = "five"', async () => {
      const result = await client.callTool({ name: 'add_numbers', arguments: { a: 'five', b: 7 } });
      expect(result.isError).toBe(true);
      const [block] = result.content as { type: string; text: string }[];
      expect(block!.text).toContain('Input validation error');
      expect(block!.text).toContain('a:');
    });

    it('refuses an argument the schema does not declare', async () => {
      const result = await client.callTool({ name: 'add_numbers', arguments: { a: 5, b: 7, c: 1 } });
      expect(result.isError).toBe(true);
    });

    it('answers an unknown tool with a JSON-RPC error -32602', async () => {
      const error = await client.callTool({ name: 'divide_numbers', arguments: { a: 1, b: 2 } }).then(
        () => undefined,
        (caught: unknown) => caught as { code?: number; message?: string },
      );
      expect(error?.code).toBe(-32602);
      expect(error?.message).toContain('divide_numbers');
    });
  });
});
