import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on loopback, started by a test, that a browser page on another
 * origin may call (it answers CORS preflights). Each test gives it the misbehaviour
 * to show: a stream cut in the middle, a request left hanging, a hostile reply.
 */

export type MisbehavingServer = { url: string; close: () => Promise<void> };
export type MisbehavingHandler = (request: IncomingMessage, response: ServerResponse, body: string) => void | Promise<void>;

/** A loopback server for `listener` that a page on another origin may call: preflights answered, the MCP headers exposed. */
export async function startCrossOriginServer(listener: (request: IncomingMessage, response: ServerResponse) => void): Promise<MisbehavingServer> {
  const http = createServer((request, response) => {
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
    listener(request, response);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** A cross-origin server whose handler gets the whole request body first. */
export function startMisbehavingServer(handler: MisbehavingHandler): Promise<MisbehavingServer> {
  return startCrossOriginServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => void handler(request, response, Buffer.concat(chunks).toString('utf8')));
  });
}

/** Passes the request on to the same path under `target` and sends its answer back whole. */
export async function forwardRequest(target: string, request: IncomingMessage, response: ServerResponse, body: string): Promise<void> {
  const headers = Object.fromEntries(
    Object.entries(request.headers).filter(([name]) => !['host', 'origin', 'referer', 'content-length', 'connection'].includes(name)),
  ) as Record<string, string>;
  const upstream = await fetch(`${target}${request.url ?? ''}`, { method: request.method, headers, ...(request.method === 'POST' ? { body } : {}) });
  const answerHeaders = Object.fromEntries([...upstream.headers].filter(([name]) => !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)));
  response.writeHead(upstream.status, answerHeaders);
  response.end(Buffer.from(await upstream.arrayBuffer()));
}
