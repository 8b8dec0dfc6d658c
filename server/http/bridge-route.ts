import { BRIDGE_NAME_PATTERN, STDIO_BRIDGE_PATH, type BridgeListing } from '../../src/trace/index.ts';
import { jsonResponse } from '../shared/index.ts';
import { createJsonRpcErrorResponse } from './json-rpc-errors.ts';
import { isOriginAllowed, type GuardedRequest, type GuardLists } from './request-guards.ts';

/**
 * /mcp/stdio lists the bridged servers; /mcp/stdio/NAME is one of them. A bridge runs a
 * program on this machine, so only the app's own pages may drive it: an origin let in
 * with --allow-origin may call /mcp, not a bridge.
 */

/**
 * The stdio bridge as the app sees it: web-standard, so the app stays free of Node. The
 * Node side (server/node/stdio-bridge.ts) starts the processes and implements it.
 */
export type StdioBridgeRoutes = {
  list: () => BridgeListing['servers'];
  /** The answer of the bridged server of this name, or undefined when there is none (the app answers 404). */
  serve: (name: string, request: Request) => Promise<Response> | undefined;
  close: () => Promise<void>;
};

/** /mcp/stdio and everything under it belong to the bridge, bridged or not: no name there falls through to the page's files. */
export function isBridgePath(path: string): boolean {
  return path === STDIO_BRIDGE_PATH || path.startsWith(`${STDIO_BRIDGE_PATH}/`);
}

/** The methods a bridge path takes: GET lists them, POST talks to one. */
export function listBridgeMethods(path: string): string {
  return path === STDIO_BRIDGE_PATH ? 'GET' : 'POST';
}

export async function serveBridgeRoute({
  bridges,
  guardLists,
  guarded,
  path,
  request,
}: {
  bridges: StdioBridgeRoutes | undefined;
  guardLists: GuardLists;
  guarded: GuardedRequest;
  path: string;
  request: Request;
}): Promise<Response> {
  if (!isOriginAllowed(guarded, { ...guardLists, allowedOrigins: [] })) {
    return createJsonRpcErrorResponse(
      403,
      -32000,
      `Forbidden: Invalid Origin: ${guarded.origin}. A stdio bridge starts no process but drives one on this machine, so only the explorer's own pages may call it (--allow-origin does not reach ${STDIO_BRIDGE_PATH}).`,
    );
  }
  if (path === STDIO_BRIDGE_PATH) {
    if (request.method !== 'GET')
      return jsonResponse(
        405,
        { error: `Method ${request.method} is not allowed: GET ${STDIO_BRIDGE_PATH} lists the bridged stdio servers.` },
        { allow: 'GET' },
      );
    return jsonResponse(200, { servers: bridges?.list() ?? [] } satisfies BridgeListing);
  }
  const name = path.slice(STDIO_BRIDGE_PATH.length + 1);
  const answer = BRIDGE_NAME_PATTERN.test(name) ? bridges?.serve(name, request) : undefined;
  if (answer) return answer;
  const names = bridges?.list().map((server) => server.name) ?? [];
  const known = names.length > 0 ? `The bridged servers are ${names.join(', ')}.` : 'No stdio server is bridged.';
  return createJsonRpcErrorResponse(
    404,
    -32000,
    `No stdio server is bridged at ${path}. ${known} Bridged servers are named only on the command line: npm start -- --stdio NAME="COMMAND ARGS".`,
  );
}
