import { createMcpHandler, isInitializeRequest, isLegacyRequest, type McpHttpHandler, type Server, type ServerEventBus } from '@modelcontextprotocol/server';
import {
  createConformanceServer,
  createMcpServer,
  createInFlightCalls,
  type InFlightCalls,
  createTaskStore,
  createToolRegistry,
  type RegisteredTool,
  createToolbox,
  builtInTools,
  protectedTools,
  toolboxTools,
  createAppsServer,
  asksStaleList,
  FIXED_TOOLS_CACHE,
  PROTECTED_TOOLS_CACHE,
  STALE_AT_ONCE_CACHE,
  TOOLBOX_TOOLS_CACHE,
} from '../mcp/index.ts';
import { createJsonRpcErrorResponse } from './json-rpc-errors.ts';
import { readJsonBody, refuseUnreadBody } from './json-rpc-body.ts';
import { createSessionEndpoint, type SessionEndpoint } from './mcp-session-endpoint.ts';
import { createSessionLimits, type ClientIdentity } from './session-limits.ts';
import { createRunSubscriptions, isListenRequest } from './run-subscriptions.ts';
import { passStaleGateway } from './stale-gateway.ts';

/**
 * The MCP endpoints' handlers, each a Request -> Response function the route table
 * (app-routes.ts) puts behind its path: the SDK's handlers for the stateless endpoints,
 * our session endpoints for 2025-11-25 sessions, and the era routing between them.
 */

export type McpEndpointOptions = {
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
  onError?: (error: Error) => void;
};

type Serve = (request: Request) => Promise<Response>;

export type McpEndpoints = {
  /** /mcp: the article's server, stateless in both eras. */
  serveMcp: Serve;
  /** /mcp/toolbox: every built-in tool, stateless, with a session for a 2025 client that offers sampling or elicitation. */
  serveToolbox: Serve;
  /** /mcp/sessions: 2025-11-25 sessions, the 2026-07-28 era per request. */
  serveSessions: Serve;
  /** /mcp/conformance: the conformance suite's fixtures, routed by era as /mcp/sessions. */
  serveConformance: Serve;
  /** /mcp/protected's MCP server, once the authorization sandbox has let the request through. */
  serveProtected: Serve;
  /** /mcp/apps: add_numbers with a view of the sum (MCP Apps), stateless in both eras like /mcp. */
  serveApps: Serve;
  countSessions: () => number;
  close: () => Promise<void>;
};

// A class of 200 learners, each with a session, with room for the idle sessions of closed tabs until they expire.
const DEFAULT_MAX_SESSIONS = 250;
const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 10 * 60_000;

/**
 * The 2025-11-25 session endpoints, under one count for the whole server: every session
 * endpoint's sessions draw on the same caps.
 */
function createSessionEndpoints({
  options,
  registry,
  toolbox,
  conformanceTasks,
}: {
  options: McpEndpointOptions;
  registry: ReturnType<typeof createToolRegistry>;
  toolbox: ReturnType<typeof createToolbox>;
  conformanceTasks: ReturnType<typeof createTaskStore>;
}) {
  const limits = createSessionLimits({
    maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    idleTimeoutMs: options.sessionIdleTimeoutMs ?? DEFAULT_SESSION_IDLE_TIMEOUT_MS,
    ...(options.maxSessionsPerClient === undefined ? {} : { maxSessionsPerClient: options.maxSessionsPerClient }),
    ...(options.maxSessionsPerAddress === undefined ? {} : { maxSessionsPerAddress: options.maxSessionsPerAddress }),
  });
  const sessionOptions = { limits, ...(options.identifyClient === undefined ? {} : { identifyClient: options.identifyClient }), onError: options.onError };
  const sessions = createSessionEndpoint({ createServer: () => createMcpServer(registry), ...sessionOptions });
  // A stateless 2025-11-25 server cannot ask the client anything (the answer would reach
  // another instance), so a client that offers sampling or elicitation gets a session.
  const toolboxSessions = createSessionEndpoint({
    createServer: () => createMcpServer(toolbox.registry, { catalog: toolbox.catalog, tasks: { store: toolbox.tasks, era: 'legacy' } }),
    ...sessionOptions,
  });
  const conformanceSessions = createSessionEndpoint({
    createServer: () => createConformanceServer({ tasks: { store: conformanceTasks, era: 'legacy' } }),
    ...sessionOptions,
  });
  return { limits, sessions, toolboxSessions, conformanceSessions };
}

/**
 * /mcp/toolbox: stateless in both eras, as before, except for a 2025-11-25 client that
 * offers sampling or elicitation in initialize (and its session's later requests): it
 * gets a session, the only way a 2025 server can send it a request and hear the answer.
 */
async function serveToolbox(
  request: Request,
  {
    toolboxSessions,
    toolboxModern,
    toolboxHandler,
    subscriptions,
  }: {
    toolboxSessions: SessionEndpoint;
    toolboxModern: McpHttpHandler;
    toolboxHandler: McpHttpHandler;
    subscriptions: ReturnType<typeof createRunSubscriptions>;
  },
): Promise<Response> {
  if (request.headers.has('mcp-session-id')) return serveByEra(request, toolboxSessions, toolboxModern);
  if (request.method !== 'POST') return toolboxHandler.fetch(request);
  const body = await readJsonBody(request);
  if (body.kind !== 'json') return refuseUnreadBody(body);
  if (offersReachBack(body.value)) return toolboxSessions.fetch(request, body);
  return (isListenRequest(body.value) && subscriptions.serveListen(request, body.value)) || toolboxHandler.fetch(request, { parsedBody: body.value });
}

/**
 * A stateless endpoint's handler: each shares its 2025-era calls in flight among its
 * per-request instances, so notifications/cancelled in a later POST reaches the call it names.
 */
function createStatelessHandlers(onError: ((error: Error) => void) | undefined) {
  return (createServer: (shared: { era: 'legacy' | 'modern'; inFlight?: InFlightCalls }) => Server, bus?: ServerEventBus) => {
    const calls = createInFlightCalls({ onError });
    return createMcpHandler(({ era }) => createServer(era === 'legacy' ? { era, inFlight: calls } : { era }), {
      legacy: 'stateless',
      onerror: onError,
      ...(bus ? { bus } : {}),
    });
  };
}

/**
 * A session endpoint's strict modern handler: the session endpoints route by era themselves,
 * 2025-era traffic to their sessions and the rest here (which would refuse 2025 traffic).
 */
function createModernHandlers(onError: ((error: Error) => void) | undefined) {
  return (createServer: () => Server, bus?: ServerEventBus) => createMcpHandler(createServer, { legacy: 'reject', onerror: onError, ...(bus ? { bus } : {}) });
}

export function createMcpEndpoints(options: McpEndpointOptions): McpEndpoints {
  const { onError } = options;
  const registry = createToolRegistry(options.tools ?? builtInTools);
  const toolbox = createToolbox({ tools: options.toolboxTools ?? toolboxTools });
  const protectedRegistry = createToolRegistry(protectedTools);
  const stateless = createStatelessHandlers(onError);
  // The toolbox's 2026-07-28 list changes go to the subscriptions/listen streams of the run whose list changed.
  const subscriptions = createRunSubscriptions({
    createServer: () => createMcpServer(toolbox.registry, { catalog: toolbox.catalog, toolListCache: TOOLBOX_TOOLS_CACHE }),
    onError,
  });
  const { publishToolsChanged, sharedBus: toolboxBus } = subscriptions;
  const mcp = stateless(({ inFlight }) => createMcpServer(registry, { inFlight, toolListCache: FIXED_TOOLS_CACHE }));
  // ?list-ttl=0: the stale-list what-if, the same tools said to be stale at once.
  const mcpStaleList = stateless(({ inFlight }) => createMcpServer(registry, { inFlight, toolListCache: STALE_AT_ONCE_CACHE }));
  const toolboxHandler = stateless(
    ({ era, inFlight }) =>
      createMcpServer(toolbox.registry, {
        catalog: toolbox.catalog,
        inFlight,
        tasks: { store: toolbox.tasks, era },
        toolListCache: TOOLBOX_TOOLS_CACHE,
        ...(era === 'modern' ? { publishToolsChanged } : {}),
      }),
    toolboxBus,
  );
  const protectedMcp = stateless(({ inFlight }) => createMcpServer(protectedRegistry, { inFlight, toolListCache: PROTECTED_TOOLS_CACHE }));
  const apps = createAppsServer();
  const appsMcp = stateless(({ inFlight }) => createMcpServer(apps.registry, { catalog: apps.catalog, inFlight, toolListCache: FIXED_TOOLS_CACHE }));
  const modern = createModernHandlers(onError);
  const sessionsModern = modern(() => createMcpServer(registry, { toolListCache: FIXED_TOOLS_CACHE }));
  const toolboxModern = modern(
    () =>
      createMcpServer(toolbox.registry, {
        catalog: toolbox.catalog,
        tasks: { store: toolbox.tasks, era: 'modern' },
        publishToolsChanged,
        toolListCache: TOOLBOX_TOOLS_CACHE,
      }),
    toolboxBus,
  );
  // The suite's task fixtures keep their tasks in one store for both eras' instances.
  const conformanceTasks = createTaskStore();
  const conformanceModern = modern(() => createConformanceServer({ tasks: { store: conformanceTasks, era: 'modern' } }));
  const { limits, sessions, toolboxSessions, conformanceSessions } = createSessionEndpoints({ options, registry, toolbox, conformanceTasks });

  return {
    // ?gateway=stale: the header-mismatch scenario's gateway rewrites the call's Mcp-Name first.
    serveMcp: (request) => serveParsed(passStaleGateway(request), asksStaleList(request) ? mcpStaleList : mcp),
    serveToolbox: (request) => serveToolbox(request, { toolboxSessions, toolboxModern, toolboxHandler, subscriptions }),
    serveSessions: (request) => serveByEra(request, sessions, sessionsModern),
    serveConformance: (request) => serveByEra(request, conformanceSessions, conformanceModern),
    serveProtected: (request) => serveParsed(request, protectedMcp),
    serveApps: (request) => serveParsed(request, appsMcp),
    countSessions: limits.countSessions,
    close: async () => {
      const handlers = [
        mcp,
        mcpStaleList,
        toolboxHandler,
        protectedMcp,
        appsMcp,
        sessionsModern,
        toolboxModern,
        conformanceModern,
        sessions,
        toolboxSessions,
        conformanceSessions,
      ];
      await Promise.all([...handlers.map((handler) => handler.close()), subscriptions.close()]);
    },
  };
}

/**
 * Routes by era with the body read once: the era check, the session endpoint and
 * the modern handler all take the parsed value, where each would otherwise read
 * (and tee) its own clone of the stream.
 */
async function serveByEra(request: Request, sessions: SessionEndpoint, modern: McpHttpHandler): Promise<Response> {
  if (request.method !== 'POST') {
    // The SDK classes every GET and DELETE as 2025-era; one that names the per-request era
    // gets the answer /mcp gives it, not a session endpoint's words about a missing id.
    if (namesPerRequestEra(request)) return createJsonRpcErrorResponse(405, -32000, 'Method not allowed.', undefined, { allow: 'POST' });
    return (await isLegacyRequest(request)) ? sessions.fetch(request) : modern.fetch(request);
  }
  const body = await readJsonBody(request);
  // A body that is not JSON is 2025-era traffic to the SDK, and the session endpoint explains it.
  if (body.kind === 'not-json') return sessions.fetch(request, body);
  if (body.kind !== 'json') return refuseUnreadBody(body);
  return (await isLegacyRequest(request, body.value)) ? sessions.fetch(request, body) : modern.fetch(request, { parsedBody: body.value });
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

/** A 2025-11-25 initialize whose client capabilities include sampling or elicitation. */
function offersReachBack(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((message) => {
    if (!isInitializeRequest(message)) return false;
    const capabilities = message.params.capabilities;
    return capabilities.sampling !== undefined || capabilities.elicitation !== undefined;
  });
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
