import { afterAll, afterEach, beforeAll } from 'vitest';
import { Client, StreamableHTTPClientTransport, type ClientOptions } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { serve, type RunningServer } from '../../server/node/serve.ts';

type ToolboxConnection = {
  /** The era as the v2 SDK client negotiates it: 'legacy' is 2025-11-25. */
  mode: 'legacy' | { pin: '2026-07-28' };
  name: string;
  path?: string;
  capabilities?: ClientOptions['capabilities'];
  fetch?: (url: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** Handlers set before connecting, so the server's first request finds them. */
  prepare?: (client: Client) => void;
};

/**
 * A real server for one test file and the official v2 client connected to its toolbox: every client
 * a test opens is closed after it, so a test's session never leaks into the next.
 */
export function useToolboxClients(): {
  readonly url: string;
  connect: (connection: ToolboxConnection) => Promise<{ client: Client; transport: StreamableHTTPClientTransport }>;
} {
  let server: RunningServer | undefined;
  const clients: Client[] = [];
  beforeAll(async () => {
    server = await serve({ port: 0 });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await server?.close();
  });
  const readUrl = () => {
    if (!server) throw new Error('The server starts in beforeAll: connect from a test.');
    return server.url;
  };
  return {
    get url() {
      return readUrl();
    },
    async connect({ mode, name, path = '/mcp/toolbox', capabilities, fetch, prepare }) {
      const client = new Client({ name, version: '1.0.0' }, { versionNegotiation: { mode }, ...(capabilities ? { capabilities } : {}) });
      prepare?.(client);
      const transport = new StreamableHTTPClientTransport(new URL(`${readUrl()}${path}`), fetch ? { fetch } : {});
      await client.connect(transport);
      clients.push(client);
      return { client, transport };
    },
  };
}

/** The text blocks of a tool result, in order. */
export function readTextBlocks(result: CallToolResult): string[] {
  return result.content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
}
