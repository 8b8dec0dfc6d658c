import { Server, createMcpHandler, type Tool } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { startCrossOriginServer } from './misbehaving-server.ts';

/**
 * An MCP server a learner should never trust: markup and script in its tool's name,
 * description and result, a very long string, deep nesting and broken Unicode. It is a
 * real server (the official SDK, real HTTP), started by the test itself.
 */
export const MARKUP = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';

export function deepValue(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = { inner: value };
  return value;
}

export async function startHostileMcpServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const handler = createMcpHandler(() => {
    const server = new Server({ name: `hostile ${MARKUP}`, version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', async () => ({
      tools: <Tool[]>[
        {
          name: 'add_numbers',
          title: MARKUP,
          description: `Adds two numbers ${MARKUP} ${'long '.repeat(2000)}`,
          inputSchema: { type: 'object', properties: { a: { type: 'number', description: MARKUP }, b: { type: 'number' } }, required: ['a', 'b'] },
        },
        {
          // A name no provider accepts, made of markup: translation #1 has to rename it, and every view shows it as text.
          name: MARKUP,
          description: `Never called ${MARKUP}`,
          inputSchema: { type: 'object', properties: { note: { type: 'string' } } },
        },
      ],
    }));
    server.setRequestHandler('tools/call', async () => ({
      content: [{ type: 'text', text: `Result: 12 ${MARKUP} broken \ud800 unicode ${'x'.repeat(200_000)}` }],
      structuredContent: { nested: deepValue(500) as Record<string, unknown> },
    }));
    return server;
  });
  const node = toNodeHandler(handler);
  const server = await startCrossOriginServer((request, response) => void node(request, response));
  return { url: `${server.url}/mcp`, close: server.close };
}
