import { request as httpRequest, type Agent, type ClientRequest, type IncomingMessage } from 'node:http';
import { findAnswerProblem } from './check-fuzz-answer.ts';
import { describeFuzzRequest, ENDED_SESSION, LIVE_SESSION, type FuzzRequest } from './generate-fuzz-request.ts';

/**
 * Sends one fuzz request over node:http and judges what comes back. Requests that
 * wait for their answer share a keep-alive pool; the ones that walk away (mid-body,
 * before or mid-answer) get a socket of their own, so their broken connections never
 * land on a request that expects an answer.
 */

/** Session ids the server has handed out: live ones to reuse, ended ones that should get 404. */
export type SessionPool = { live: string[]; ended: string[] };

export type FuzzOutcome = {
  /** The status, when an answer was read. */
  status?: number;
  /** What went wrong, when something did: a hang, a malformed answer, a dropped connection. */
  problem?: string;
};

/** A session's GET stream stays open by design: read it this long, then hang up. */
const OPEN_STREAM_READ_MS = 150;
/** Bodies this large may be refused (413, 403) and the connection closed before they are all sent. */
const EARLY_CLOSE_BODY_BYTES = 64 * 1024;

export function sendFuzzRequest(port: number, agent: Agent, request: FuzzRequest, sessions: SessionPool, timeoutMs: number): Promise<FuzzOutcome> {
  const headers = resolveSessionHeader(request.headers, sessions);
  const body = request.body;
  if (body && !request.chunked) headers['content-length'] = String(body.length);
  if (request.chunked) headers['transfer-encoding'] = 'chunked';
  const walksAway = request.ending !== 'complete';

  return new Promise<FuzzOutcome>((resolve) => {
    let settled = false;
    // Set once the request is sent; settle may run before that, when the request fails at once.
    let timer: ReturnType<typeof setTimeout> | undefined = undefined;
    const settle = (outcome: FuzzOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };

    const outgoing: ClientRequest = httpRequest(
      { host: '127.0.0.1', port, method: request.method, path: request.path, headers, setHost: !('host' in headers), agent: walksAway ? false : agent },
      (response) => {
        if (request.ending === 'abort-mid-response') {
          response.once('data', () => outgoing.destroy());
          response.once('end', () => settle({ status: response.statusCode }));
          response.once('close', () => settle({ status: response.statusCode }));
          response.on('error', () => {});
          if (response.readableEnded) settle({ status: response.statusCode });
          return;
        }
        readAnswer(
          response,
          request,
          () => outgoing.destroy(),
          (outcome) => {
            updateSessions(sessions, headers['mcp-session-id'], request.method, response, outcome.status);
            settle(outcome.problem ? { ...outcome, problem: `${outcome.problem}\n    request: ${describeFuzzRequest(request)}` } : outcome);
          },
        );
      },
    );

    timer = setTimeout(() => {
      outgoing.destroy();
      settle({ problem: `no complete answer within ${timeoutMs} ms (a hang): ${describeFuzzRequest(request)}` });
    }, timeoutMs);

    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (walksAway) return settle({});
      // The server may refuse a large body and close before the client has written it all.
      if ((error.code === 'EPIPE' || error.code === 'ECONNRESET') && (body?.length ?? 0) >= EARLY_CLOSE_BODY_BYTES) return settle({});
      settle({ problem: `the connection failed without an answer (${error.code ?? error.message}): ${describeFuzzRequest(request)}` });
    });

    if (request.ending === 'abort-mid-body' && body && body.length > 1) {
      outgoing.write(body.subarray(0, Math.floor(body.length / 2)));
      setTimeout(() => outgoing.destroy(), 5);
      setTimeout(() => settle({}), 10);
      return;
    }
    if (body) outgoing.write(body);
    outgoing.end();
    if (request.ending === 'abort-before-response') {
      outgoing.destroy();
      settle({});
    }
  });
}

function readAnswer(response: IncomingMessage, request: FuzzRequest, hangUp: () => void, done: (outcome: FuzzOutcome) => void) {
  const chunks: Buffer[] = [];
  const status = response.statusCode ?? 0;
  const isOpenStream = request.method === 'GET' && String(response.headers['content-type']).includes('text/event-stream');
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    const body = Buffer.concat(chunks).toString('utf8');
    const problem = findAnswerProblem({ method: request.method, route: request.route, status, headers: response.headers, body, streamOpen: isOpenStream });
    done({ status, problem });
  };
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', finish);
  response.on('error', () => {});
  response.on('close', () => {
    if (finished || isOpenStream) return finish();
    finished = true;
    done({ status, problem: `the answer (${status}) was cut off before its end` });
  });
  if (isOpenStream) {
    // Deliberately abandoned: the reader checks what arrived until then.
    setTimeout(() => {
      finish();
      hangUp();
    }, OPEN_STREAM_READ_MS);
  }
}

let sessionTurn = 0;

/** Puts real ids in place of the stand-ins: one of the five newest live sessions in turn, or the last one ended. */
function resolveSessionHeader(headers: Record<string, string>, sessions: SessionPool): Record<string, string> {
  const resolved = { ...headers };
  const value = resolved['mcp-session-id'];
  if (value === LIVE_SESSION) {
    sessionTurn += 1;
    resolved['mcp-session-id'] = sessions.live.at(-1 - (sessionTurn % Math.max(1, Math.min(5, sessions.live.length)))) ?? 'no-session-yet';
  }
  if (value === ENDED_SESSION) resolved['mcp-session-id'] = sessions.ended.at(-1) ?? 'no-ended-session-yet';
  return resolved;
}

const POOL_LIMIT = 40;

function updateSessions(sessions: SessionPool, sentId: string | undefined, method: string, response: IncomingMessage, status: number | undefined) {
  const created = response.headers['mcp-session-id'];
  if (typeof created === 'string' && status === 200 && !sessions.live.includes(created)) {
    sessions.live.push(created);
    if (sessions.live.length > POOL_LIMIT) sessions.ended.push(sessions.live.shift()!);
  }
  const ended = sentId !== undefined && (status === 404 || (method === 'DELETE' && status === 200));
  if (ended && sessions.live.includes(sentId)) {
    sessions.live.splice(sessions.live.indexOf(sentId), 1);
    sessions.ended.push(sentId);
    if (sessions.ended.length > POOL_LIMIT) sessions.ended.shift();
  }
}
