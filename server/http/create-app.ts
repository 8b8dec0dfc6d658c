import { localhostAllowedHostnames } from '@modelcontextprotocol/server';
import { createAuthorizationSandbox, type AuthorizationSandboxOptions } from '../authorization/index.ts';
import { jsonResponse } from '../shared/index.ts';
import { MOCK_OPENAI_BASE_PATH, PROTECTED_MCP_PATH } from '../../src/trace/index.ts';
import {
  answerNothingHere,
  dropTrailingSlashes,
  findRoute,
  isAppPath,
  listRoutes,
  readGuardedRequest,
  refuseForRoute,
  refuseRouteMethod,
} from './app-routes.ts';
import type { StdioBridgeRoutes } from './bridge-route.ts';
import { answerPreflight, withCors } from './cors.ts';
import { findPostHeaderRefusal } from './json-rpc-errors.ts';
import { createMcpEndpoints, type McpEndpointOptions } from './mcp-endpoints.ts';
import { findGuardRefusal, isOriginAllowed, type GuardLists } from './request-guards.ts';
import { createRunRecords, type RunRecordLimits } from './run-records.ts';
import type { ProviderMcpReach, MockContext } from '../mock-model/index.ts';

export { MCP_CONFORMANCE_PATH, MCP_PATH, MCP_SESSIONS_PATH, MCP_TOOLBOX_PATH } from './app-routes.ts';
export type { StdioBridgeRoutes } from './bridge-route.ts';

/**
 * The whole server as one web-standard function, Request -> Response: the MCP
 * endpoints, the mock model, the authorization sandbox and the stdio bridge (the route
 * table, app-routes.ts), behind Host and Origin checks. Node wraps it for a port; the
 * same function answers inside a Service Worker.
 */

export type AppOptions = McpEndpointOptions & {
  /** Hostnames the Host header may name (port-agnostic). Defaults to localhost-class names. */
  allowedHostnames?: string[];
  /**
   * Origins (scheme://host:port) whose pages may call the app besides its own; none by
   * default. A page on the app's own origin (as its request addresses it) always may.
   */
  allowedOrigins?: string[];
  /** Stdio servers bridged at /mcp/stdio/NAME (server/node starts them; a request never does). */
  stdioBridges?: StdioBridgeRoutes;
  /** The authorization sandbox behind /mcp/protected and /oauth: its bounds, token lifetimes and the site's folder. */
  authorization?: AuthorizationSandboxOptions;
  /**
   * Provider-side MCP: how the mock model's own MCP client reaches the server a request
   * names. By default the network's fetch, to any URL the URL gate passes; a server
   * reachable beyond this machine limits it to its own endpoints (serve does), and the
   * Service Worker gives a fetch that answers the site's own addresses itself.
   */
  providerMcp?: Partial<ProviderMcpReach>;
  /** The records the MCP endpoints keep for a run named in ?record= (provider-side MCP): their bounds, and a clock for tests. */
  runRecords?: { limits?: RunRecordLimits; now?: () => number };
};

export type App = {
  fetch: (request: Request) => Promise<Response>;
  handles: (pathname: string) => boolean;
  /**
   * The 405 a route gives a method a web Request cannot carry (TRACE, CONNECT), so the
   * Node listener answers those as every other method is answered; 404 off the routes.
   */
  refuseMethod: (method: string, pathname: string) => Response;
  /** A refusal worded as the route words its errors (JSON-RPC on MCP, the provider's shape on the mock, plain JSON elsewhere). */
  refuse: (input: { pathname: string; status: number; message: string; headers?: Record<string, string> }) => Response;
  /** The Host and Origin allowlists this app enforces; the Node listener applies them to its static files too. */
  guardLists: GuardLists;
  /** Live sessions on every session endpoint. */
  countSessions: () => number;
  close: () => Promise<void>;
};

export const MOCK_OPENAI_PREFIX = MOCK_OPENAI_BASE_PATH;

export function createApp(options: AppOptions = {}): App {
  const endpoints = createMcpEndpoints(options);
  const guardLists: GuardLists = {
    allowedHostnames: options.allowedHostnames ?? localhostAllowedHostnames(),
    allowedOrigins: options.allowedOrigins ?? [],
  };
  const records = createRunRecords(options.runRecords);
  const mockContext: MockContext = {
    reach: { fetch: options.providerMcp?.fetch ?? ((input, init) => fetch(input, init)), servers: options.providerMcp?.servers ?? 'any' },
  };
  const routes = listRoutes({
    endpoints,
    sandbox: createAuthorizationSandbox(options.authorization),
    bridges: options.stdioBridges,
    guardLists,
    records,
    mockContext,
  });

  /** The guards every route shares, once, then the route. */
  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const { pathname } = url;
    const path = dropTrailingSlashes(pathname);
    const route = findRoute(routes, path);
    const refusal = findGuardRefusal(readGuardedRequest(request), guardLists);
    if (refusal) return refusal;
    if (!route) return answerNothingHere(pathname);
    if (request.method === 'OPTIONS') return answerPreflight(request, { anyHeaders: route.anyPreflightHeaders === true });
    const serve = async (served: Request) => (route.mcp ? findPostHeaderRefusal(served) : undefined) ?? route.serve(served, path);
    // Provider-side MCP: a request that names its run is served as any other, and kept for that run's record.
    const runId = route.mcp || path === PROTECTED_MCP_PATH ? records.readRunId(url) : undefined;
    return runId === undefined ? serve(request) : records.observe({ runId, request, serve });
  }

  return {
    async fetch(request) {
      let response: Response;
      try {
        response = await handle(request);
      } catch (error) {
        options.onError?.(error instanceof Error ? error : new Error(String(error)));
        response = jsonResponse(500, { error: 'The server failed while answering. The error was logged on the server.' });
      }
      return isOriginAllowed(readGuardedRequest(request), guardLists) ? withCors(request, response) : response;
    },
    refuseMethod: (method, pathname) => refuseRouteMethod(routes, method, pathname),
    refuse: (input) => refuseForRoute(routes, input),
    handles: (pathname) => isAppPath(routes, pathname),
    guardLists,
    countSessions: endpoints.countSessions,
    close: endpoints.close,
  };
}
