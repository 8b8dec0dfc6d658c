import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { z } from 'zod';

/**
 * A very large MCP server, written with the official SDK: thousands of tools, each with a
 * description and a small schema, and `add_numbers` among them (last, so the mock model has
 * to look through the whole list), as a big company's gateway server might list them.
 * Each tool is kept small (about 350 bytes once translated) so that the provider request
 * carrying all of them stays under the mock model's 4 MiB body limit and the run completes.
 * Its answers carry CORS headers for any origin, so the page itself can run against it.
 */

export const MANY_TOOLS_COUNT = 10_000;
export const MANY_TOOLS_QUESTION = 'What is 5 plus 7?';

export type ManyToolsServer = { mcpUrl: string; toolCount: number; close: () => Promise<void> };

function registerCatalogTool(server: McpServer, index: number): void {
  const number = String(index).padStart(5, '0');
  server.registerTool(
    `inventory_lookup_${number}`,
    {
      description: `Stock on hand for catalogue line ${number}`,
      inputSchema: z.object({ sku: z.string(), warehouse: z.number().int() }),
    },
    async ({ sku, warehouse }) => ({ content: [{ type: 'text', text: `${sku} in warehouse ${warehouse}: 0 on hand` }] }),
  );
}

export async function startManyToolsServer(toolCount = MANY_TOOLS_COUNT): Promise<ManyToolsServer> {
  // Registering 10,000 tools takes the SDK about 2 s: one instance answers every request
  // (the lifecycle sends them one at a time), so the figures are the page's, not the server's.
  const server = new McpServer({ name: 'bench-many-tools-server', version: '0.1.0' });
  for (let index = 1; index < toolCount; index++) registerCatalogTool(server, index);
  server.registerTool(
    'add_numbers',
    { description: 'Adds two numbers', inputSchema: z.object({ a: z.number().describe('The first number'), b: z.number().describe('The second number') }) },
    async ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
  );
  const handler = createMcpHandler(() => server);
  const nodeHandler = toNodeHandler(handler);
  const httpServer = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
    response.setHeader('access-control-expose-headers', 'mcp-session-id, mcp-protocol-version');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
      });
      response.end();
      return;
    }
    void nodeHandler(request, response);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  return {
    mcpUrl: `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/mcp`,
    toolCount,
    close: async () => {
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await handler.close();
    },
  };
}
