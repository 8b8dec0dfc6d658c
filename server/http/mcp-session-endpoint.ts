import { WebStandardStreamableHTTPServerTransport, type Server } from '@modelcontextprotocol/server';
import { countJsonRpcRequests, isInitializeBody, readJsonBody, refuseUnreadBody, type JsonBody } from './json-rpc-body.ts';
import { createCancelledStreams, readRequestIds, type CancelledStreams } from './cancelled-streams.ts';
import { createJsonRpcErrorResponse, MAX_BATCH_MESSAGES } from './json-rpc-errors.ts';
import { followBody, prependToBody } from './response-body.ts';
import { createSessionEventStore, type SessionEventStore } from './session-event-store.ts';
import { cutToolsCallStream, NO_KNOBS, readSessionKnobs, type SessionKnobs } from './session-knobs.ts';
import type { ClientIdentity, SessionLimits } from './session-limits.ts';

/**
 * 2025-11-25 sessions, as the spec describes them: initialize creates a session and
 * the answer names it in Mcp-Session-Id; later requests carry that header; the client
 * may hold a GET stream open for server messages; DELETE ends the session; an unknown
 * or expired id gets 404, after which a client starts over with initialize.
 *
 * One SDK transport and one server instance per session, on web-standard APIs only,
 * so this also runs in a Service Worker. Sessions live in memory: the server's caps
 * (session-limits.ts, shared by every session endpoint) and an idle timeout keep a
 * forgotten tab or a looping client from piling them up.
 *
 * Streams are resumable, as the transport spec describes: each POST's SSE answer opens
 * with a priming event (an id, a `retry` field, no data), every event has an id, and a
 * client whose stream was cut reconnects with GET and Last-Event-ID to be sent what
 * followed, from the session's own bounded event store. A cut stream is not a cancel:
 * the call goes on, and its events wait in the store.
 */

export type SessionEndpointOptions = {
  createServer: () => Server;
  /** The server's session caps and idle timeout, which this endpoint's sessions count towards with every other endpoint's. */
  limits: SessionLimits;
  /** Who sent a request, and from which address; undefined where that is unknown (a Service Worker). */
  identifyClient?: (request: Request) => ClientIdentity | undefined;
  onError?: (error: Error) => void;
};

export type SessionEndpoint = {
  /** `body`: a POST's body when the caller has already read it (the request's own body is then used up). */
  fetch: (request: Request, body?: JsonBody) => Promise<Response>;
  close: () => Promise<void>;
};

type Session = {
  id: string;
  server: Server;
  transport: WebStandardStreamableHTTPServerTransport;
  events: SessionEventStore;
  /** Its answer streams, so that a cancel ends the stream of the request it names. */
  cancelledStreams: CancelledStreams;
  /** Requests the session may still answer (`?expire-after=N`), or undefined for no limit. */
  requestsLeft: number | undefined;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Who started it, when known: the per-client and per-address caps count by this (session-limits.ts). */
  client: ClientIdentity | undefined;
  /** When its idle timer last started (Date.now()), to tell a client when one of its sessions will have expired. */
  lastActiveAt: number;
  /** Progress events after which the session's next tools/call stream is cut (`?cut-stream-after=N`), or undefined. */
  cutStreamAfter: number | undefined;
};

/**
 * An SSE comment first thing on a GET stream: a Node adapter sends the status and
 * headers only with the first body bytes, and a quiet stream might otherwise show
 * nothing until the first keep-alive, 15 seconds later. Clients ignore comments.
 */
const GET_STREAM_OPENING = ': stream open; server messages for this session come here\n\n';

/**
 * Events a session keeps for replay, and their size in JSON characters at most: enough
 * for the calls of the last few minutes of a learner's session, about 25 MB at most
 * over 100 sessions. A stream cut for longer than that cannot be resumed.
 */
const EVENT_STORE_LIMITS = { maxEvents: 256, maxCharacters: 256 * 1024 };
/** The `retry` of each priming event: how long a client waits before reconnecting a cut stream. */
export const RECONNECT_AFTER_MS = 1000;

/** The methods of the 2025-11-25 session transport; the SDK answers others with 405 and this Allow. */
const SESSION_METHODS = ['GET', 'POST', 'DELETE'];

export function createSessionEndpoint(options: SessionEndpointOptions): SessionEndpoint {
  const { limits } = options;
  const book = createSessionBook({ limits, onError: options.onError });
  const { sessions, retiring, forget, end, restartIdleTimer } = book;

  async function startSession(request: Request, body: unknown, knobs: SessionKnobs): Promise<Response> {
    const requestsAllowed = knobs.expireAfter;
    const client = options.identifyClient?.(request);
    const admitted = limits.admit(client, body);
    if ('refusal' in admitted) return admitted.refusal;
    const server = options.createServer();
    let session: Session | undefined;
    const events = createSessionEventStore(EVENT_STORE_LIMITS);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      eventStore: events,
      retryInterval: RECONNECT_AFTER_MS,
      onsessioninitialized: (id) => {
        session = {
          id,
          server,
          transport,
          events,
          cancelledStreams: createCancelledStreams(events.streamOf),
          requestsLeft: requestsAllowed,
          idleTimer: undefined,
          client,
          lastActiveAt: Date.now(),
          cutStreamAfter: knobs.cutStreamAfter,
        };
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
      admitted.done();
    }
  }

  return {
    async fetch(request, alreadyRead) {
      const read = await readSessionRequest(request, alreadyRead);
      if (read instanceof Response) return read;
      const { knobs, body } = read;
      const sessionId = request.headers.get('mcp-session-id');
      if (sessionId !== null) {
        const session = sessions.get(sessionId);
        return session ? serveSession({ session, request, body, book }) : sessionNotFound();
      }
      if (request.method === 'POST' && isInitializeBody(body)) return startSession(request, body, knobs);
      return createJsonRpcErrorResponse(
        400,
        -32000,
        'Bad Request: Mcp-Session-Id header is required. Start a session with initialize; its answer carries the id to send with every later request.',
        body,
      );
    },
    close: async () => {
      await Promise.all([...sessions.values(), ...retiring].map(end));
    },
  };
}

/**
 * A request in a live session: a resumed GET is checked against what the session still
 * keeps, and a session with a request budget (`?expire-after=N`) is forgotten once it is spent.
 */
async function serveSession({ session, request, body, book }: { session: Session; request: Request; body: unknown; book: SessionBook }): Promise<Response> {
  const { retiring, forget, end, restartIdleTimer } = book;
  restartIdleTimer(session);
  const lastEventId = request.headers.get('last-event-id');
  const notReplayed = request.method === 'GET' && lastEventId !== null ? refuseReplay(session, lastEventId) : undefined;
  if (notReplayed) return notReplayed;
  const primedBefore = session.events.readPrimings().count;
  const answer = await session.transport.handleRequest(request, request.method === 'POST' ? { parsedBody: body } : undefined);
  if (request.method === 'GET' && answer.status === 200) return prependToBody(answer, GET_STREAM_OPENING);
  if (request.method === 'POST') endCancelledStreams(session, body, primedBefore);
  const response = cutToolsCallStream(session, body, answer);

  if (session.requestsLeft === undefined || request.method !== 'POST') return response;
  session.requestsLeft -= countJsonRpcRequests(body);
  if (session.requestsLeft > 0) return response;
  // The budget is spent: later requests get 404 at once, but this answer still streams to its end.
  forget(session);
  retiring.add(session);
  return followBody(response, () => void end(session));
}

type SessionBook = {
  sessions: Map<string, Session>;
  retiring: Set<Session>;
  forget: (session: Session) => void;
  end: (session: Session) => Promise<void>;
  restartIdleTimer: (session: Session) => void;
};

/**
 * An endpoint's sessions, counted by the server's caps: the live ones by id, and those
 * already forgotten (their id gets 404) whose last answer is still streaming. A session
 * ends with its server closed, when DELETEd, spent or idle too long.
 */
function createSessionBook({ limits, onError }: { limits: SessionLimits; onError: ((error: Error) => void) | undefined }): SessionBook {
  const sessions = new Map<string, Session>();
  const retiring = new Set<Session>();
  limits.join({ live: sessions, retiring });

  const forget = (session: Session) => {
    if (sessions.get(session.id) === session) sessions.delete(session.id);
    if (session.idleTimer !== undefined) clearTimeout(session.idleTimer);
  };
  const end = async (session: Session) => {
    forget(session);
    retiring.delete(session);
    await session.server.close().catch((error: unknown) => onError?.(toError(error)));
  };
  // One timer a session, not one a request: a request only notes its time, and the timer,
  // when it fires, sleeps again for what is left of the idle time since then. Clearing and
  // starting a timer at every call showed in a CPU profile at 50 sessions.
  const armIdleTimer = (session: Session, delayMs: number) => {
    session.idleTimer = setTimeout(() => {
      const left = session.lastActiveAt + limits.idleTimeoutMs - Date.now();
      if (left > 0) armIdleTimer(session, left);
      else void end(session);
    }, delayMs);
    // In Node, a pending expiry alone should not keep the process alive.
    (session.idleTimer as { unref?: () => void }).unref?.();
  };
  const restartIdleTimer = (session: Session) => {
    session.lastActiveAt = Date.now();
    if (session.idleTimer === undefined) armIdleTimer(session, limits.idleTimeoutMs);
  };
  return { sessions, retiring, forget, end, restartIdleTimer };
}

/**
 * What every request is checked for before its session is looked up: its method, the
 * teaching knobs in the URL, and a POST's body, read once (or as the caller read it).
 */
async function readSessionRequest(request: Request, alreadyRead: JsonBody | undefined): Promise<{ knobs: SessionKnobs; body: unknown } | Response> {
  // Checked first, so a PUT gets 405 whether or not it names a live session.
  if (!SESSION_METHODS.includes(request.method)) {
    return createJsonRpcErrorResponse(405, -32000, 'Method not allowed.', undefined, { allow: SESSION_METHODS.join(', ') });
  }
  // Most requests name no knob: their URL need not be parsed again.
  const knobs = request.url.includes('?') ? readSessionKnobs(new URL(request.url)) : NO_KNOBS;
  if (knobs instanceof Response) return knobs;
  if (request.method !== 'POST') return { knobs, body: undefined };
  const read = alreadyRead ?? (await readJsonBody(request));
  // The transport answers these too, but only once a session is found: a bad body
  // should be told so, whether or not it names a session.
  if (read.kind !== 'json') return refuseUnreadBody(read);
  if (Array.isArray(read.value) && read.value.length > MAX_BATCH_MESSAGES) {
    return createJsonRpcErrorResponse(400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_MESSAGES} messages`);
  }
  return { knobs, body: read.value };
}

/** The answer to a GET with Last-Event-ID that the transport is not to replay, or undefined. */
function refuseReplay(session: Session, lastEventId: string): Response | undefined {
  if (!session.events.has(lastEventId)) {
    // The SDK would say "Invalid event ID format", whatever the reason.
    return createJsonRpcErrorResponse(
      400,
      -32000,
      `Bad Request: Last-Event-ID names no event this session still keeps (it keeps the last ${EVENT_STORE_LIMITS.maxEvents}), so what followed it cannot be replayed. Send the request again.`,
    );
  }
  // A cancelled request's stream was ended on purpose: nothing follows on it.
  if (session.cancelledStreams.isCancelled(lastEventId)) return new Response(null, { status: 204, headers: { 'mcp-session-id': session.id } });
  return undefined;
}

/**
 * After a POST: the streams its cancels name are ended (the SDK aborted their handlers and sends no result), and its answer's
 * stream is noted: the one priming event stored while it was taken (two POSTs taken at once cannot be told apart: neither is noted).
 */
function endCancelledStreams(session: Session, body: unknown, primedBefore: number): void {
  for (const id of session.cancelledStreams.cancel(body)) session.transport.closeSSEStream(id);
  const primed = session.events.readPrimings();
  if (primed.count === primedBefore + 1 && primed.lastStream !== undefined) session.cancelledStreams.note(primed.lastStream, readRequestIds(body));
}

function sessionNotFound(): Response {
  return createJsonRpcErrorResponse(
    404,
    -32001,
    'Session not found: it ended, expired or never existed. Send initialize again, without Mcp-Session-Id, to start a new session.',
  );
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
