import type { AuthorizationSandbox } from '../authorization/index.ts';
import { ELICITATION_PAGE_PATH } from '../mcp/index.ts';
import { MOCK_ROUTES } from '../mock-model/index.ts';
import { jsonResponse } from '../shared/index.ts';
import { MOCK_OPENAI_BASE_PATH, PROTECTED_MCP_PATH, APPS_MCP_PATH } from '../../src/trace/index.ts';
import { isBridgePath, listBridgeMethods, serveBridgeRoute, type StdioBridgeRoutes } from './bridge-route.ts';
import { refuseElicitationPageMethod, serveElicitationPage } from './elicitation-page.ts';
import { createJsonRpcErrorResponse, findPostHeaderRefusal } from './json-rpc-errors.ts';
import type { McpEndpoints } from './mcp-endpoints.ts';
import type { GuardedRequest, GuardLists } from './request-guards.ts';
import { refuseMockMethod, serveMockRoute } from './serve-mock-route.ts';
import type { RunRecords } from './run-records.ts';
import type { MockContext } from '../mock-model/index.ts';

/**
 * The app's routes as data: the path each answers, its handler, the methods it takes
 * (the Allow of the 405 the app gives for a method its handler never sees, TRACE and
 * CONNECT), and how it words errors. create-app.ts applies the guards every route shares
 * once, in front of whichever route a request finds: Host and Origin, the CORS preflight,
 * and on the MCP endpoints the transport's POST header rules.
 */

/** The article's server, add_numbers only, both eras, stateless. */
export const MCP_PATH = '/mcp';
/** Every built-in tool, both eras, stateless. */
export const MCP_TOOLBOX_PATH = '/mcp/toolbox';
/** add_numbers with real 2025-11-25 sessions; 2026-07-28 requests are served statelessly, as on /mcp. */
export const MCP_SESSIONS_PATH = '/mcp/sessions';
/** The official conformance suite's fixtures, served for real: 2025-11-25 sessions (sampling and elicitation need them), 2026-07-28 per request. */
export const MCP_CONFORMANCE_PATH = '/mcp/conformance';

/** How a route words what the app answers on its behalf: a refusal (a 429, say), and a 405 for a method it does not take. */
export type ErrorShape = {
  write: (input: { status: number; message: string; headers: Record<string, string> }) => Response;
  refuseMethod: (input: { method: string; path: string; pathname: string; allow: string | undefined }) => Response;
};

export type Route = {
  /** The path it answers, or a pattern or test of the path (trailing slashes dropped). */
  path: string | RegExp | ((path: string) => boolean);
  serve: (request: Request, path: string) => Promise<Response> | Response;
  /** The methods it takes, as Allow says them, where the route's errors do not know them themselves (the sandbox's and the mock's do). */
  allow?: string | ((path: string) => string);
  errors: ErrorShape;
  /** An MCP endpoint: the transport's POST header rules (Content-Type, Accept) are checked before its handler. */
  mcp?: boolean;
  /** A preflight may ask for any request header: the route holds no secrets (the mock). */
  anyPreflightHeaders?: boolean;
};

/** Paths under these are the app's even where no route answers: it says where the endpoints are, rather than the page's files answering. */
const APP_PREFIXES = ['/mock/'];

const JSON_RPC_ERRORS: ErrorShape = {
  write: ({ status, message, headers }) => createJsonRpcErrorResponse(status, -32000, message, undefined, headers),
  refuseMethod: ({ allow = '' }) => createJsonRpcErrorResponse(405, -32000, 'Method not allowed.', undefined, { allow }),
};

const writePlainError: ErrorShape['write'] = ({ status, message, headers }) => withHeaders(jsonResponse(status, { error: message }), headers);

type RouteParts = {
  endpoints: McpEndpoints;
  sandbox: AuthorizationSandbox;
  bridges: StdioBridgeRoutes | undefined;
  guardLists: GuardLists;
  records: RunRecords;
  mockContext: MockContext;
};

export function listRoutes({ endpoints, sandbox, bridges, guardLists, records, mockContext }: RouteParts): Route[] {
  // The protected endpoint checks the token first (sandbox.fetch), then the POST header rules, as a server behind OAuth does.
  const serveProtectedMcp = async (request: Request) => findPostHeaderRefusal(request) ?? endpoints.serveProtected(request);
  return [
    {
      path: isBridgePath,
      allow: listBridgeMethods,
      errors: JSON_RPC_ERRORS,
      serve: (request, path) => serveBridgeRoute({ bridges, guardLists, guarded: readGuardedRequest(request), path, request }),
    },
    { path: MCP_PATH, allow: 'POST', errors: JSON_RPC_ERRORS, mcp: true, serve: endpoints.serveMcp },
    { path: MCP_TOOLBOX_PATH, allow: 'POST', errors: JSON_RPC_ERRORS, mcp: true, serve: endpoints.serveToolbox },
    { path: APPS_MCP_PATH, allow: 'POST', errors: JSON_RPC_ERRORS, mcp: true, serve: endpoints.serveApps },
    { path: MCP_SESSIONS_PATH, allow: 'GET, POST, DELETE', errors: JSON_RPC_ERRORS, mcp: true, serve: endpoints.serveSessions },
    { path: MCP_CONFORMANCE_PATH, allow: 'GET, POST, DELETE', errors: JSON_RPC_ERRORS, mcp: true, serve: endpoints.serveConformance },
    {
      path: PROTECTED_MCP_PATH,
      allow: 'POST',
      errors: JSON_RPC_ERRORS,
      // A method the endpoint never takes is refused before the token is asked for, as TRACE is.
      serve: (request, path) =>
        request.method === 'POST'
          ? sandbox.fetch(request, path, serveProtectedMcp)
          : JSON_RPC_ERRORS.refuseMethod({ method: request.method, path, pathname: path, allow: 'POST' }),
    },
    {
      path: sandbox.handles,
      errors: { write: writePlainError, refuseMethod: ({ method, path, pathname }) => sandbox.refuseMethod(method, path) ?? answerNothingHere(pathname) },
      serve: (request, path) => sandbox.fetch(request, path, serveProtectedMcp),
    },
    // Provider-side MCP: what an MCP endpoint kept of a run named in ?record=, read back by the host.
    {
      path: records.handles,
      allow: 'GET',
      errors: {
        write: writePlainError,
        refuseMethod: ({ method }) => jsonResponse(405, { error: `Method ${method} is not allowed: GET reads a run's record.` }, { allow: 'GET' }),
      },
      serve: (request, path) => records.serveRecord(request, path),
    },
    {
      path: ELICITATION_PAGE_PATH,
      errors: { write: writePlainError, refuseMethod: ({ method }) => refuseElicitationPageMethod(method) },
      serve: serveElicitationPage,
    },
    ...MOCK_ROUTES.map((mock): Route => ({
      path: mock.path,
      anyPreflightHeaders: true,
      // Each mock endpoint words its errors in its provider's shape, so a provider SDK shows them as it would the real provider's.
      errors: {
        write: ({ status, message, headers }) => withHeaders(mock.endpoint.writeError({ status, message }), headers),
        refuseMethod: ({ method }) => refuseMockMethod(mock, method),
      },
      serve: (request) => serveMockRoute(mock, request, mockContext),
    })),
  ];
}

/** The route of a path (trailing slashes dropped), the first that matches. */
export function findRoute(routes: Route[], path: string): Route | undefined {
  return routes.find(({ path: pattern }) => (typeof pattern === 'string' ? pattern === path : pattern instanceof RegExp ? pattern.test(path) : pattern(path)));
}

/** Whether the app answers a path (the Node listener serves the page's files otherwise). */
export function isAppPath(routes: Route[], pathname: string): boolean {
  return findRoute(routes, dropTrailingSlashes(pathname)) !== undefined || APP_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

/** The 405 a route gives a method a web Request cannot carry (TRACE, CONNECT); 404 off the routes. */
export function refuseRouteMethod(routes: Route[], method: string, pathname: string): Response {
  const path = dropTrailingSlashes(pathname);
  const route = findRoute(routes, path);
  if (!route) return answerNothingHere(pathname);
  return route.errors.refuseMethod({ method, path, pathname, allow: typeof route.allow === 'function' ? route.allow(path) : route.allow });
}

/** A refusal worded as the route words its errors (JSON-RPC on MCP, the provider's shape on the mock, plain JSON elsewhere). */
export function refuseForRoute(
  routes: Route[],
  { pathname, status, message, headers = {} }: { pathname: string; status: number; message: string; headers?: Record<string, string> },
): Response {
  const route = findRoute(routes, dropTrailingSlashes(pathname));
  return (route?.errors.write ?? writePlainError)({ status, message, headers });
}

export function answerNothingHere(pathname: string): Response {
  const mcpPaths = [MCP_PATH, MCP_TOOLBOX_PATH, MCP_SESSIONS_PATH, MCP_CONFORMANCE_PATH, PROTECTED_MCP_PATH, APPS_MCP_PATH];
  return jsonResponse(404, {
    error: `Nothing at ${pathname}. The MCP endpoints are ${mcpPaths.join(', ')}; the mock model answers under /mock/<wire format>/, for example ${MOCK_OPENAI_BASE_PATH}/chat/completions.`,
  });
}

export function dropTrailingSlashes(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

/** A Service Worker's Request has no Host header: the URL's host is what the page addressed. */
export function readGuardedRequest(request: Request): GuardedRequest {
  const url = new URL(request.url);
  return { host: request.headers.get('host') ?? url.host, origin: request.headers.get('origin'), protocol: url.protocol };
}

/** A copy with these headers set, so headers are writable whatever Response the writer built. */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  const merged = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  return new Response(response.body, { status: response.status, headers: merged });
}
