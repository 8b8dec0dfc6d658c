import { WebStandardStreamableHTTPServerTransport, type Server } from '@modelcontextprotocol/server';
import { countJsonRpcRequests, isInitializeBody, readJsonBody, type JsonBody } from './json-rpc-body.ts';
import { createJsonRpcErrorResponse, MAX_BATCH_MESSAGES, PARSE_ERROR_MESSAGE, UNREADABLE_BODY_MESSAGE } from './json-rpc-errors.ts';
import { MAX_REQUEST_BODY_BYTES } from './read-bounded-body.ts';
import { followBody, prependToBody } from './response-body.ts';

/**
 * 2025-11-25 sessions, as the spec describes them: initialize creates a session and
 * the answer names it in Mcp-Session-Id; later requests carry that header; the client
 * may hold a GET stream open for server messages; DELETE ends the session; an unknown
 * or expired id gets 404, after which a client starts over with initialize.
 *
 * One SDK transport and one server instance per session, on web-standard APIs only,
 * so this also runs in a Service Worker. Sessions live in memory: a cap and an idle
 * timeout keep a forgotten tab or a looping client from piling them up.
 */

export type SessionEndpointOptions = {
  createServer: () => Server;
  /** Live sessions at most; one more initialize gets 503. */
  maxSessions: number;
  /** A session with no request for this long is closed. */
  idleTimeoutMs: number;
  /** Live sessions one client may hold (clients as `identifyClient` tells them apart); one more initialize gets 429. */
  maxSessionsPerClient?: number;
  /** Who sent a request, such as its source address; undefined where that is unknown (a Service Worker). */
  identifyClient?: (request: Request) => string | undefined;
  onError?: (error: Error) => void;
};

export type SessionEndpoint = {
  /** `body`: a POST's body when the caller has already read it (the request's own body is then used up). */
  fetch: (request: Request, body?: JsonBody) => Promise<Response>;
  /** Live sessions now, for tests and load checks that memory does not pile up. */
  countSessions: () => number;
  close: () => Promise<void>;
};

type Session = {
  id: string;
  server: Server;
  transport: WebStandardStreamableHTTPServerTransport;
  /** Requests the session may still answer (`?expire-after=N`), or undefined for no limit. */
  requestsLeft: number | undefined;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Who started it, when known: the per-client cap counts by this. */
  client: string | undefined;
  /** When its idle timer last started (Date.now()), to tell a client when one of its sessions will have expired. */
  lastActiveAt: number;
};

/** `?expire-after=N` on the endpoint URL: forget the session after answering N requests in it. */
export const EXPIRE_AFTER_PARAMETER = 'expire-after';
const EXPIRE_AFTER_LIMIT = 1000;

/**
 * An SSE comment first thing on a GET stream: a Node adapter sends the status and
 * headers only with the first body bytes, and a quiet stream might otherwise show
 * nothing until the first keep-alive, 15 seconds later. Clients ignore comments.
 */
const GET_STREAM_OPENING = ': stream open; server messages for this session come here\n\n';

/** The methods of the 2025-11-25 session transport; the SDK answers others with 405 and this Allow. */
const SESSION_METHODS = ['GET', 'POST', 'DELETE'];

export function createSessionEndpoint(options: SessionEndpointOptions): SessionEndpoint {
  const sessions = new Map<string, Session>();
  /** Sessions already forgotten (their id gets 404) whose last answer is still streaming. */
  const retiring = new Set<Session>();
  let initializing = 0;
  const initializingByClient = new Map<string, number>();

  const forget = (session: Session) => {
    if (sessions.get(session.id) === session) sessions.delete(session.id);
    if (session.idleTimer !== undefined) clearTimeout(session.idleTimer);
  };
  const end = async (session: Session) => {
    forget(session);
    retiring.delete(session);
    await session.server.close().catch((error: unknown) => options.onError?.(toError(error)));
  };
  const restartIdleTimer = (session: Session) => {
    if (session.idleTimer !== undefined) clearTimeout(session.idleTimer);
    session.lastActiveAt = Date.now();
    session.idleTimer = setTimeout(() => void end(session), options.idleTimeoutMs);
    // In Node, a pending expiry alone should not keep the process alive.
    (session.idleTimer as { unref?: () => void }).unref?.();
  };

  /** 429 when this client already holds its share of the sessions, with Retry-After: when its least recently used one expires. */
  function findClientCapRefusal(client: string | undefined, body: unknown): Response | undefined {
    const cap = options.maxSessionsPerClient;
    if (cap === undefined || client === undefined) return undefined;
    const own = [...sessions.values()].filter((session) => session.client === client);
    if (own.length + (initializingByClient.get(client) ?? 0) < cap) return undefined;
    const soonest = Math.min(...own.map((session) => session.lastActiveAt + options.idleTimeoutMs));
    const retryAfterSeconds = Number.isFinite(soonest) ? Math.max(1, Math.ceil((soonest - Date.now()) / 1000)) : 1;
    return createJsonRpcErrorResponse(429, -32000, `Too many live sessions from this client: each client may hold at most ${cap} at once. End one with DELETE, or wait until one has been idle for ${describeDuration(options.idleTimeoutMs)} and expires.`, body, { 'retry-after': String(retryAfterSeconds) });
  }

  async function startSession(request: Request, body: unknown, requestsAllowed: number | undefined): Promise<Response> {
    const client = options.identifyClient?.(request);
    const clientRefusal = findClientCapRefusal(client, body);
    if (clientRefusal) return clientRefusal;
    if (sessions.size + initializing >= options.maxSessions) {
      return createJsonRpcErrorResponse(503, -32000, `Too many live sessions: this server keeps at most ${options.maxSessions} at once. End one with DELETE, or wait until one has been idle for ${describeDuration(options.idleTimeoutMs)} and expires.`, body);
    }
    initializing += 1;
    if (client !== undefined) initializingByClient.set(client, (initializingByClient.get(client) ?? 0) + 1);
    const server = options.createServer();
    let session: Session | undefined;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (id) => {
        session = { id, server, transport, requestsLeft: requestsAllowed, idleTimer: undefined, client, lastActiveAt: Date.now() };
        sessions.set(id, session);
        restartIdleTimer(session);
      },
      onsessionclosed: () => {
        if (session) forget(session);
      },
    });
    server.onclose = () => {
      if (session) forget(session);
    };
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(request, { parsedBody: body });
      // A refused initialize (bad headers, say) made no session: drop its instance.
      if (!session) await server.close();
      return response;
    } catch (error) {
      await (session ? end(session) : server.close());
      throw error;
    } finally {
      initializing -= 1;
      if (client !== undefined) {
        const left = (initializingByClient.get(client) ?? 1) - 1;
        if (left > 0) initializingByClient.set(client, left);
        else initializingByClient.delete(client);
      }
    }
  }

  async function serveSession(session: Session, request: Request, body: unknown): Promise<Response> {
    restartIdleTimer(session);
    const response = await session.transport.handleRequest(request, request.method === 'POST' ? { parsedBody: body } : undefined);
    if (request.method === 'GET' && response.status === 200) return prependToBody(response, GET_STREAM_OPENING);

    if (session.requestsLeft === undefined || request.method !== 'POST') return response;
    session.requestsLeft -= countJsonRpcRequests(body);
    if (session.requestsLeft > 0) return response;
    // The budget is spent: later requests get 404 at once, but this answer still streams to its end.
    forget(session);
    retiring.add(session);
    return followBody(response, () => void end(session));
  }

  return {
    async fetch(request, alreadyRead) {
      // Checked first, so a PUT gets 405 whether or not it names a live session.
      if (!SESSION_METHODS.includes(request.method)) {
        return createJsonRpcErrorResponse(405, -32000, 'Method not allowed.', undefined, { allow: SESSION_METHODS.join(', ') });
      }
      const requestsAllowed = readExpireAfter(new URL(request.url));
      if (requestsAllowed instanceof Response) return requestsAllowed;
      let body: unknown;
      if (request.method === 'POST') {
        const read = alreadyRead ?? (await readJsonBody(request));
        // The transport answers these too, but only once a session is found: a bad body
        // should be told so, whether or not it names a session.
        if (read.kind === 'unreadable') return createJsonRpcErrorResponse(400, -32700, UNREADABLE_BODY_MESSAGE);
        if (read.kind === 'too-large') return createJsonRpcErrorResponse(413, -32000, `Payload Too Large: Request body must not exceed ${MAX_REQUEST_BODY_BYTES} bytes`);
        if (read.kind === 'not-json') return createJsonRpcErrorResponse(400, -32700, PARSE_ERROR_MESSAGE);
        body = read.value;
        if (Array.isArray(body) && body.length > MAX_BATCH_MESSAGES) {
          return createJsonRpcErrorResponse(400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_MESSAGES} messages`);
        }
      }
      const sessionId = request.headers.get('mcp-session-id');
      if (sessionId !== null) {
        const session = sessions.get(sessionId);
        return session ? serveSession(session, request, body) : sessionNotFound();
      }
      if (request.method === 'POST' && isInitializeBody(body)) return startSession(request, body, requestsAllowed);
      return createJsonRpcErrorResponse(400, -32000, 'Bad Request: Mcp-Session-Id header is required. Start a session with initialize; its answer carries the id to send with every later request.', body);
    },
    countSessions: () => sessions.size + retiring.size,
    close: async () => {
      await Promise.all([...sessions.values(), ...retiring].map(end));
    },
  };
}

function readExpireAfter(url: URL): number | undefined | Response {
  const raw = url.searchParams.get(EXPIRE_AFTER_PARAMETER);
  if (raw === null) return undefined;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > EXPIRE_AFTER_LIMIT) {
    return createJsonRpcErrorResponse(400, -32000, `Bad Request: ${EXPIRE_AFTER_PARAMETER} must be a whole number from 1 to ${EXPIRE_AFTER_LIMIT} (the requests a session answers before the server forgets it), not "${raw}".`, undefined);
  }
  return count;
}

function sessionNotFound(): Response {
  return createJsonRpcErrorResponse(404, -32001, 'Session not found: it ended, expired or never existed. Send initialize again, without Mcp-Session-Id, to start a new session.');
}

function describeDuration(milliseconds: number): string {
  if (milliseconds % 60_000 === 0) return `${milliseconds / 60_000} minute${milliseconds === 60_000 ? '' : 's'}`;
  return `${Math.round(milliseconds / 1000)} seconds`;
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
