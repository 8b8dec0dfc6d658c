import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequestBody } from '../tests/helpers/start-http-server.ts';

// The same forwarding as the integration tests' servers in front of the real one.
export { forwardRequest } from '../tests/helpers/forward-request.ts';
export { startCrossOriginServer } from '../tests/helpers/start-cross-origin-server.ts';
import { startCrossOriginServer, type CrossOriginServer } from '../tests/helpers/start-cross-origin-server.ts';

/**
 * A real HTTP server on loopback, started by a test, that a browser page on another
 * origin may call (it answers CORS preflights). Each test gives it the misbehaviour
 * to show: a stream cut in the middle, a request left hanging, a hostile reply.
 */

export type MisbehavingServer = CrossOriginServer;
export type MisbehavingHandler = (request: IncomingMessage, response: ServerResponse, body: string) => void | Promise<void>;

/** A cross-origin server whose handler gets the whole request body first. */
export function startMisbehavingServer(handler: MisbehavingHandler): Promise<MisbehavingServer> {
  return startCrossOriginServer((request, response) => void readRequestBody(request).then((body) => handler(request, response, body)));
}
