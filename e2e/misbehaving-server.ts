import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readRequestBody } from '../tests/helpers/start-http-server.ts';

// The same forwarding as the integration tests' servers in front of the real one.
export { forwardRequest } from '../tests/helpers/forward-request.ts';

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
  return startCrossOriginServer((request, response) => void readRequestBody(request).then((body) => handler(request, response, body)));
}
