import { createMcpHandler, isInitializeRequest, isLegacyRequest, localhostAllowedHostnames, type McpHttpHandler } from '@modelcontextprotocol/server';
import { createAuthorizationSandbox, type AuthorizationSandboxOptions } from '../authorization/create-authorization-sandbox.ts';
import { createConformanceServer } from '../mcp/conformance/create-conformance-server.ts';
import { createMcpServer } from '../mcp/create-mcp-server.ts';
import { createInFlightCalls } from '../mcp/in-flight-calls.ts';
import { createToolRegistry, type RegisteredTool } from '../mcp/tool-registry.ts';
import { createToolbox } from '../mcp/toolbox/create-toolbox.ts';
import { builtInTools, protectedTools, toolboxTools } from '../mcp/tools-by-endpoint.ts';
import { findMockRoute } from '../mock-model/mock-routes.ts';
import { jsonResponse } from '../shared/json-response.ts';
import { MOCK_OPENAI_BASE_PATH } from '../../src/trace/mock-models.ts';
import { PROTECTED_MCP_PATH } from '../../src/trace/authorization-sandbox.ts';
import { BRIDGE_NAME_PATTERN, STDIO_BRIDGE_PATH, type BridgeListing } from '../../src/trace/bridge-frames.ts';
import { createJsonRpcErrorResponse, findPostHeaderRefusal } from './json-rpc-errors.ts';
import { readJsonBody, refuseUnreadBody } from './json-rpc-body.ts';
import { ELICITATION_PAGE_PATH } from '../mcp/tools/reach-back-tools.ts';
import { serveElicitationPage } from './elicitation-page.ts';
import { createSessionEndpoint, type SessionEndpoint } from './mcp-session-endpoint.ts';
import { createSessionLimits, type ClientIdentity } from './session-limits.ts';
import { findGuardRefusal, isOriginAllowed, type GuardedRequest, type GuardLists } from './request-guards.ts';
import { refuseMockMethod, serveMockRoute } from './serve-mock-route.ts';

/**
 * The whole server as one web-standard function, Request -> Response: the MCP
 * endpoint and the mock model endpoints, behind Host and Origin checks. Node wraps
 * it for a port; the same function can answer inside a Service Worker.
 */

export type AppOptions = {
  /** The tools of /mcp and /mcp/sessions (the article's server); add_numbers alone by default. */
  tools?: RegisteredTool[];
  /** The tools of /mcp/toolbox; every built-in tool by default. */
  toolboxTools?: RegisteredTool[];
  /** Live sessions at most, on every session endpoint together (/mcp/sessions, /mcp/toolbox's, /mcp/conformance; default 250); one more initialize gets 503. */
  maxSessions?: number;
  /** A session with no request for this long is closed (default 10 minutes). */
  sessionIdleTimeoutMs?: number;
  /** Live sessions one client may hold, on every endpoint together (no cap by default); one more initialize gets 429 with Retry-After. */
  maxSessionsPerClient?: number;
  /** Live sessions the clients behind one address may hold together (no cap by default); one more initialize gets 429. */
  maxSessionsPerAddress?: number;
  /** Who sent a request, and from where (the Node listener knows); the per-client and per-address session caps count by it. */
  identifyClient?: (request: Request) => ClientIdentity | undefined;
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
  onError?: (error: Error) => void;
};

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

/** The article's server, add_numbers only, both eras, stateless. */
export const MCP_PATH = '/mcp';
/** Every built-in tool, both eras, stateless. */
export const MCP_TOOLBOX_PATH = '/mcp/toolbox';
/** add_numbers with real 2025-11-25 sessions; 2026-07-28 requests are served statelessly, as on /mcp. */
export const MCP_SESSIONS_PATH = '/mcp/sessions';
/** The official conformance suite's fixtures, served for real: 2025-11-25 sessions (sampling and elicitation need them), 2026-07-28 per request. */
export const MCP_CONFORMANCE_PATH = '/mcp/conformance';
const MCP_PATHS = [MCP_PATH, MCP_TOOLBOX_PATH, MCP_SESSIONS_PATH, MCP_CONFORMANCE_PATH, PROTECTED_MCP_PATH];
/** The Allow each MCP endpoint's SDK handler sends with its own 405. */
const MCP_ALLOWED_METHODS: Record<string, string> = { [MCP_PATH]: 'POST', [MCP_TOOLBOX_PATH]: 'POST', [MCP_SESSIONS_PATH]: 'GET, POST, DELETE', [MCP_CONFORMANCE_PATH]: 'GET, POST, DELETE', [PROTECTED_MCP_PATH]: 'POST' };
export const MOCK_OPENAI_PREFIX = MOCK_OPENAI_BASE_PATH;

const CORS_ALLOW_HEADERS = [
  'content-type',
  'accept',
  'authorization',
  'mcp-protocol-version',
  'mcp-session-id',
  'mcp-method',
  'mcp-name',
  'last-event-id',
].join(', ');
const CORS_EXPOSE_HEADERS = ['mcp-session-id', 'mcp-protocol-version', 'x-mock-reasoning', 'www-authenticate'].join(', ');

type Route = (request: Request) => Promise<Response> | Response;

// A class of 200 learners, each with a session, with room for the idle sessions of closed tabs until they expire.
const DEFAULT_MAX_SESSIONS = 250;
const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 10 * 60_000;

export function createApp(options: AppOptions = {}): App {
  const registry = createToolRegistry(options.tools ?? builtInTools);
  const toolbox = createToolbox({ tools: options.toolboxTools ?? toolboxTools });
  // Each stateless endpoint shares its 2025-era calls in flight among its per-request
  // instances, so notifications/cancelled in a later POST reaches the call it names.
  const mcpCalls = createInFlightCalls({ onError: options.onError });
  const toolboxCalls = createInFlightCalls({ onError: options.onError });
  const mcp = createMcpHandler(({ era }) => createMcpServer(registry, era === 'legacy' ? { inFlight: mcpCalls } : {}), { legacy: 'stateless', onerror: options.onError });
  const toolboxHandler = createMcpHandler(
    ({ era }) => createMcpServer(toolbox.registry, { catalog: toolbox.catalog, ...(era === 'legacy' ? { inFlight: toolboxCalls } : {}) }),
    { legacy: 'stateless', onerror: options.onError },
  );
  const toolboxModern = createMcpHandler(() => createMcpServer(toolbox.registry, { catalog: toolbox.catalog }), { legacy: 'reject', onerror: options.onError });
  const protectedRegistry = createToolRegistry(protectedTools);
  const protectedCalls = createInFlightCalls({ onError: options.onError });
  const protectedMcp = createMcpHandler(({ era }) => createMcpServer(protectedRegistry, era === 'legacy' ? { inFlight: protectedCalls } : {}), { legacy: 'stateless', onerror: options.onError });
  const sandbox = createAuthorizationSandbox(options.authorization);
  // The sessions endpoint routes by era itself: 2025-era traffic to its sessions,
  // the rest to a strict modern handler (which would refuse 2025 traffic).
  const sessionsModern = createMcpHandler(() => createMcpServer(registry), { legacy: 'reject', onerror: options.onError });
  // One count for the whole server: every session endpoint's sessions draw on the same caps.
  const limits = createSessionLimits({
    maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    idleTimeoutMs: options.sessionIdleTimeoutMs ?? DEFAULT_SESSION_IDLE_TIMEOUT_MS,
    ...(options.maxSessionsPerClient === undefined ? {} : { maxSessionsPerClient: options.maxSessionsPerClient }),
    ...(options.maxSessionsPerAddress === undefined ? {} : { maxSessionsPerAddress: options.maxSessionsPerAddress }),
  });
  const sessionLimits = { limits, ...(options.identifyClient === undefined ? {} : { identifyClient: options.identifyClient }), onError: options.onError };
  const sessions = createSessionEndpoint({ createServer: () => createMcpServer(registry), ...sessionLimits });
  // A stateless 2025-11-25 server cannot ask the client anything (the answer would reach
  // another instance), so a client that offers sampling or elicitation gets a session.
  const toolboxSessions = createSessionEndpoint({ createServer: () => createMcpServer(toolbox.registry, { catalog: toolbox.catalog }), ...sessionLimits });
  // The conformance endpoint routes by era the same way, with sessions of its own.
  const conformanceModern = createMcpHandler(() => createConformanceServer(), { legacy: 'reject', onerror: options.onError });
  const conformanceSessions = createSessionEndpoint({ createServer: createConformanceServer, ...sessionLimits });
  const guardLists: GuardLists = {
    allowedHostnames: options.allowedHostnames ?? localhostAllowedHostnames(),
    allowedOrigins: options.allowedOrigins ?? [],
  };

  const serveProtectedMcp = async (checked: Request) => findPostHeaderRefusal(checked) ?? serveParsed(checked, protectedMcp);

  const findRoute = (pathname: string): Route | undefined => {
    if (isBridgePath(pathname)) return (request) => serveBridgeRoute(pathname, request);
    // A method the protected endpoint never takes is refused before the token is asked for, as TRACE is.
    if (pathname === PROTECTED_MCP_PATH) return (request) => (request.method === 'POST' ? sandbox.fetch(request, pathname, serveProtectedMcp) : refuseMethod(request.method, pathname));
    if (sandbox.handles(pathname)) return (request) => sandbox.fetch(request, pathname, serveProtectedMcp);
    if (pathname === MCP_PATH) return (request) => findPostHeaderRefusal(request) ?? serveParsed(request, mcp);
    if (pathname === MCP_TOOLBOX_PATH) return (request) => findPostHeaderRefusal(request) ?? serveToolboxRoute(request);
    if (pathname === ELICITATION_PAGE_PATH) return serveElicitationPage;
    if (pathname === MCP_SESSIONS_PATH) return (request) => findPostHeaderRefusal(request) ?? serveSessionsRoute(request, sessions, sessionsModern);
    if (pathname === MCP_CONFORMANCE_PATH) return (request) => findPostHeaderRefusal(request) ?? serveSessionsRoute(request, conformanceSessions, conformanceModern);
    const mockRoute = findMockRoute(pathname);
    return mockRoute ? (request) => serveMockRoute(mockRoute, request) : undefined;
  };

  /**
   * Routes by era with the body read once: the era check, the session endpoint and
   * the modern handler all take the parsed value, where each would otherwise read
   * (and tee) its own clone of the stream.
   */
  async function serveSessionsRoute(request: Request, sessions: SessionEndpoint, sessionsModern: McpHttpHandler): Promise<Response> {
    if (request.method !== 'POST') {
      // The SDK classes every GET and DELETE as 2025-era; one that names the per-request era
      // gets the answer /mcp gives it, not a session endpoint's words about a missing id.
      if (namesPerRequestEra(request)) return createJsonRpcErrorResponse(405, -32000, 'Method not allowed.', undefined, { allow: 'POST' });
      return (await isLegacyRequest(request)) ? sessions.fetch(request) : sessionsModern.fetch(request);
    }
    const body = await readJsonBody(request);
    // A body that is not JSON is 2025-era traffic to the SDK, and the session endpoint explains it.
    if (body.kind === 'not-json') return sessions.fetch(request, body);
    if (body.kind !== 'json') return refuseUnreadBody(body);
    return (await isLegacyRequest(request, body.value)) ? sessions.fetch(request, body) : sessionsModern.fetch(request, { parsedBody: body.value });
  }

  /**
   * A stateless endpoint's POST, its body read here once and handed to the SDK parsed, so
   * that a body nested too deep for the SDK's schema checks (which recurse, and ran out of
   * stack at 5,000 levels with -32603) is refused first with a JSON-RPC error that says why.
   */
  async function serveParsed(request: Request, handler: McpHttpHandler): Promise<Response> {
    if (request.method !== 'POST') return handler.fetch(request);
    const body = await readJsonBody(request);
    return body.kind === 'json' ? handler.fetch(request, { parsedBody: body.value }) : refuseUnreadBody(body);
  }

  /**
   * /mcp/toolbox: stateless in both eras, as before, except for a 2025-11-25 client that
   * offers sampling or elicitation in initialize (and its session's later requests): it
   * gets a session, the only way a 2025 server can send it a request and hear the answer.
   */
  async function serveToolboxRoute(request: Request): Promise<Response> {
    if (request.headers.has('mcp-session-id')) return serveSessionsRoute(request, toolboxSessions, toolboxModern);
    if (request.method !== 'POST') return toolboxHandler.fetch(request);
    const body = await readJsonBody(request);
    if (body.kind !== 'json') return refuseUnreadBody(body);
    if (offersReachBack(body.value)) return toolboxSessions.fetch(request, body);
    return toolboxHandler.fetch(request, { parsedBody: body.value });
  }

  /**
   * /mcp/stdio lists the bridged servers; /mcp/stdio/NAME is one of them. A bridge runs a
   * program on this machine, so only the app's own pages may drive it: an origin let in
   * with --allow-origin may call /mcp, not a bridge.
   */
  async function serveBridgeRoute(pathname: string, request: Request): Promise<Response> {
    const guarded = readGuardedRequest(request);
    if (!isOriginAllowed(guarded, { ...guardLists, allowedOrigins: [] })) {
      return createJsonRpcErrorResponse(403, -32000, `Forbidden: Invalid Origin: ${guarded.origin}. A stdio bridge starts no process but drives one on this machine, so only the explorer's own pages may call it (--allow-origin does not reach ${STDIO_BRIDGE_PATH}).`);
    }
    const bridges = options.stdioBridges;
    if (pathname === STDIO_BRIDGE_PATH) {
      if (request.method !== 'GET') return jsonResponse(405, { error: `Method ${request.method} is not allowed: GET ${STDIO_BRIDGE_PATH} lists the bridged stdio servers.` }, { allow: 'GET' });
      return jsonResponse(200, { servers: bridges?.list() ?? [] } satisfies BridgeListing);
    }
    const name = pathname.slice(STDIO_BRIDGE_PATH.length + 1);
    const answer = BRIDGE_NAME_PATTERN.test(name) ? bridges?.serve(name, request) : undefined;
    if (answer) return answer;
    const names = bridges?.list().map((server) => server.name) ?? [];
    const known = names.length > 0 ? `The bridged servers are ${names.join(', ')}.` : 'No stdio server is bridged.';
    return createJsonRpcErrorResponse(404, -32000, `No stdio server is bridged at ${pathname}. ${known} Bridged servers are named only on the command line: npm start -- --stdio NAME="COMMAND ARGS".`);
  }

  function refuseMethod(method: string, pathname: string): Response {
    const path = pathname.replace(/\/+$/, '') || '/';
    if (isBridgePath(path)) return createJsonRpcErrorResponse(405, -32000, 'Method not allowed.', undefined, { allow: path === STDIO_BRIDGE_PATH ? 'GET' : 'POST' });
    const mcpAllow = MCP_ALLOWED_METHODS[path];
    if (mcpAllow) return createJsonRpcErrorResponse(405, -32000, 'Method not allowed.', undefined, { allow: mcpAllow });
    if (sandbox.handles(path)) return sandbox.refuseMethod(method, path) ?? answerNothingHere(pathname);
    const mockRoute = findMockRoute(path);
    return mockRoute ? refuseMockMethod(mockRoute, method) : answerNothingHere(pathname);
  }

  function refuse({ pathname, status, message, headers = {} }: { pathname: string; status: number; message: string; headers?: Record<string, string> }): Response {
    const path = pathname.replace(/\/+$/, '') || '/';
    if (MCP_PATHS.includes(path) || isBridgePath(path)) return createJsonRpcErrorResponse(status, -32000, message, undefined, headers);
    const mockRoute = findMockRoute(path);
    const response = mockRoute ? mockRoute.endpoint.writeError({ status, message }) : jsonResponse(status, { error: message });
    const merged = new Headers(response.headers);
    for (const [name, value] of Object.entries(headers)) merged.set(name, value);
    return new Response(response.body, { status, headers: merged });
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const route = findRoute(url.pathname.replace(/\/+$/, '') || '/');

    const refusal = findGuardRefusal(readGuardedRequest(request), guardLists);
    if (refusal) return refusal;
    if (!route) return answerNothingHere(url.pathname);
    if (request.method === 'OPTIONS') {
      // The mock holds no secrets, so it accepts whatever headers a provider SDK sends.
      const allowHeaders = url.pathname.startsWith('/mock/')
        ? (request.headers.get('access-control-request-headers') ?? CORS_ALLOW_HEADERS)
        : CORS_ALLOW_HEADERS;
      return new Response(null, {
        status: 204,
        headers: {
          'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
          'access-control-allow-headers': allowHeaders,
          'access-control-max-age': '600',
        },
      });
    }
    return route(request);
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
    refuseMethod,
    refuse,
    handles: (pathname) => {
      const path = pathname.replace(/\/+$/, '') || '/';
      return MCP_PATHS.includes(path) || path === ELICITATION_PAGE_PATH || isBridgePath(path) || sandbox.handles(path) || pathname.startsWith('/mock/');
    },
    guardLists,
    countSessions: () => limits.countSessions(),
    close: async () => {
      await Promise.all([toolboxModern.close(), toolboxSessions.close(), mcp.close(), toolboxHandler.close(), protectedMcp.close(), sessionsModern.close(), sessions.close(), conformanceModern.close(), conformanceSessions.close()]);
    },
  };
}

/** A 2025-11-25 initialize whose client capabilities include sampling or elicitation. */
function offersReachBack(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((message) => {
    if (!isInitializeRequest(message)) return false;
    const capabilities = message.params.capabilities;
    return capabilities.sampling !== undefined || capabilities.elicitation !== undefined;
  });
}

/** /mcp/stdio and everything under it belong to the bridge, bridged or not: no name there falls through to the page's files. */
function isBridgePath(path: string): boolean {
  return path === STDIO_BRIDGE_PATH || path.startsWith(`${STDIO_BRIDGE_PATH}/`);
}

/** A Service Worker's Request has no Host header: the URL's host is what the page addressed. */
function readGuardedRequest(request: Request): GuardedRequest {
  const url = new URL(request.url);
  return { host: request.headers.get('host') ?? url.host, origin: request.headers.get('origin'), protocol: url.protocol };
}

function answerNothingHere(pathname: string): Response {
  return jsonResponse(404, { error: `Nothing at ${pathname}. The MCP endpoints are ${MCP_PATHS.join(', ')}; the mock model answers under /mock/<wire format>/, for example ${MOCK_OPENAI_PREFIX}/chat/completions.` });
}

/**
 * Whether the MCP-Protocol-Version header names 2026-07-28 or later: the per-request
 * era, with no session, no GET stream and no DELETE (the SDK maps every revision from
 * that date on to it). 2025-era revisions are older dates.
 */
const FIRST_PER_REQUEST_REVISION = '2026-07-28';
function namesPerRequestEra(request: Request): boolean {
  const version = request.headers.get('mcp-protocol-version') ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= FIRST_PER_REQUEST_REVISION;
}

/** Lets a browser page on an origin the server admits (say, the MCP Inspector) read the answer and its MCP headers. */
function withCors(request: Request, response: Response): Response {
  const origin = request.headers.get('origin');
  if (!origin) return response;
  const headers = new Headers(response.headers);
  headers.set('access-control-allow-origin', origin);
  headers.set('access-control-expose-headers', CORS_EXPOSE_HEADERS);
  headers.append('vary', 'Origin');
  if (request.method === 'OPTIONS') {
    headers.set('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
    if (!headers.has('access-control-allow-headers')) headers.set('access-control-allow-headers', CORS_ALLOW_HEADERS);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
