import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { z } from 'zod';

/**
 * The server part's reference: the official SDK's own server with sessions, as its README
 * sets one up (one McpServer and Node transport per session, found again by Mcp-Session-Id),
 * offering the same add_numbers in the same words ("Result: 12") and nothing else. It is the
 * floor under ours, which is built on the same SDK and adds what the explorer is for (each
 * exchange recorded for the page, the event store that lets a stream resume, the session
 * limits and knobs): the bench puts the two side by side in one run, so the machine's load
 * falls on both alike.
 */

export type BareSdkServer = { url: string; close: () => Promise<void> };

function createAddServer(): McpServer {
  const server = new McpServer({ name: 'bench-bare-sdk-server', version: '0.1.0' });
  server.registerTool('add_numbers', { description: 'Adds two numbers', inputSchema: z.object({ a: z.number(), b: z.number() }) }, async ({ a, b }) => ({
    content: [{ type: 'text', text: `Result: ${a + b}` }],
  }));
  return server;
}

function readJson(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    request.on('error', reject);
  });
}

export async function startBareSdkServer(): Promise<BareSdkServer> {
  const transports = new Map<string, NodeStreamableHTTPServerTransport>();
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const sessionId = request.headers['mcp-session-id'];
    const known = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (known) return known.handleRequest(request, response);
    const body = request.method === 'POST' ? await readJson(request) : undefined;
    if (!isInitializeRequest(body)) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null }));
      return;
    }
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void transports.set(id, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId) transports.delete(transport.sessionId);
    };
    await createAddServer().connect(transport);
    await transport.handleRequest(request, response, body);
  };
  const httpServer = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await Promise.all([...transports.values()].map((transport) => transport.close()));
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
