import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { findGuardRefusal, type GuardLists } from '../http/index.ts';
import { PROXY_PAGE_POLICY, APP_SANDBOX_ORIGIN_PATH, APP_SANDBOX_PAGE } from '../../src/trace/index.ts';
import { jsonResponse } from '../shared/index.ts';

/**
 * A second port for the sandbox of tools' views (MCP Apps): the extension wants the sandbox
 * proxy on an origin other than the host's, and a port is one (the origin is scheme, host
 * and port). It serves app-sandbox.html and nothing else, so a view, even one that broke out
 * of its inner frame into the proxy's origin, finds no explorer there: no page, no MCP
 * endpoint, no storage of the explorer's. Only the explorer's own pages may frame it.
 */

export type AppSandboxListener = {
  port: number;
  close: () => Promise<void>;
};

/** Whether the Host header names the sandbox as the explorer's pages do (the same names as the main port: DNS rebinding). */
function readFramingOrigin(request: IncomingMessage, lists: GuardLists, explorerPort: number): string | undefined {
  if (findGuardRefusal({ host: request.headers.host, origin: undefined, protocol: 'http:' }, lists)) return undefined;
  const hostname = new URL(`http://${request.headers.host ?? ''}`).hostname;
  return `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${explorerPort}`;
}

/** The sandbox's origin as seen from a page at this Host (already past the guard): its host name, the sandbox's port. The page frames it, and its policy allows that origin alone. */
export function findSandboxOrigin(host: string | undefined, port: number): string {
  return `http://${new URL(`http://${host ?? '127.0.0.1'}`).hostname}:${port}`;
}

/**
 * Where the sandbox of tools' views is, for the page at this address (/app-sandbox-origin):
 * the same host name the page used (the guard checked it), the sandbox's own port.
 */
export function describeAppSandbox(request: IncomingMessage, port: number): Response {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return jsonResponse(405, { error: `Method ${request.method ?? ''} is not allowed: read ${APP_SANDBOX_ORIGIN_PATH} with GET.` }, { allow: 'GET, HEAD' });
  return jsonResponse(200, { url: `${findSandboxOrigin(request.headers.host, port)}/${APP_SANDBOX_PAGE}` }, { 'cache-control': 'no-store' });
}

function answer(response: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', ...headers }).end(text);
}

export async function startAppSandboxListener({
  staticDirectory,
  host,
  explorerPort,
  guardLists,
}: {
  staticDirectory: string;
  host: string;
  explorerPort: number;
  guardLists: GuardLists;
}): Promise<AppSandboxListener> {
  const page = await readFile(path.join(staticDirectory, APP_SANDBOX_PAGE));
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://sandbox.invalid').pathname;
    if (pathname !== `/${APP_SANDBOX_PAGE}`)
      return answer(
        response,
        404,
        `Nothing here: this port serves the sandbox of tools' views (/${APP_SANDBOX_PAGE}) and nothing else. The explorer is on port ${explorerPort}.`,
      );
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return answer(response, 405, `Method ${request.method ?? ''} is not allowed: the sandbox page is read with GET.`, { allow: 'GET, HEAD' });
    const framer = readFramingOrigin(request, guardLists, explorerPort);
    if (!framer)
      return answer(
        response,
        403,
        `Forbidden: this sandbox answers only requests addressed to ${guardLists.allowedHostnames.join(', ')}, to stop DNS rebinding.`,
      );
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      // Its own policy, and framing by the explorer's pages alone.
      'content-security-policy': `${PROXY_PAGE_POLICY}; frame-ancestors ${framer}`,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    response.end(request.method === 'HEAD' ? undefined : page);
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
