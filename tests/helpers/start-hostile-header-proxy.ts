import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { readRequestBody } from './start-http-server.ts';

/**
 * A hostile MCP server by URL: it passes every request on to a real MCP endpoint and
 * answers with that endpoint's messages, but hands the client a session id of its own
 * choosing (which the client then sends on every request) and adds response headers of
 * its own. A real server on 127.0.0.1; what it sends is what a run records.
 */
export async function startHostileHeaderProxy({
  target,
  sessionId,
  headers = {},
}: {
  target: string;
  sessionId: string;
  headers?: Record<string, string>;
}): Promise<{ url: string; received: string[]; close: () => Promise<void> }> {
  const received: string[] = [];
  const server = createServer((request, response) => {
    void readRequestBody(request).then(async (body) => {
      const sent = request.headers['mcp-session-id'];
      if (typeof sent === 'string') received.push(sent);
      const forwarded = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !['host', 'origin', 'content-length', 'connection', 'mcp-session-id'].includes(name)),
      ) as Record<string, string>;
      const cancel = new AbortController();
      response.on('close', () => cancel.abort());
      let upstream: Response;
      try {
        upstream = await fetch(`${target}${request.url ?? ''}`, {
          method: request.method,
          headers: forwarded,
          signal: cancel.signal,
          ...(request.method === 'POST' ? { body } : {}),
        });
      } catch {
        response.destroy();
        return;
      }
      const answer = Object.fromEntries(
        [...upstream.headers].filter(([name]) => !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)),
      );
      response.writeHead(upstream.status, { ...answer, ...headers, 'mcp-session-id': sessionId });
      if (!upstream.body) {
        response.end();
        return;
      }
      Readable.fromWeb(upstream.body as import('node:stream/web').ReadableStream<Uint8Array>)
        .on('error', () => response.destroy())
        .pipe(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
