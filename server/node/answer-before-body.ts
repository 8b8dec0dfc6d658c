import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenToBody } from './listen-to-body.ts';

/**
 * An answer given before the request body has all arrived (a 413, or a 403/400/405
 * refused before reading): the client must be able to read it.
 *
 * Closing a socket that still has unread bytes in it makes the kernel send a reset,
 * and a reset makes the client drop what it had received but not yet read: Node's
 * fetch then reports EPIPE or ECONNRESET instead of the 413 (about half the time on
 * loopback, measured). So the answer goes out whole (Content-Length, Connection:
 * close), the rest of the body is read and dropped, and only then does the connection
 * close, cleanly. A client that keeps sending past a bound, or for too long, is cut
 * off: the server pays for reading at most that much of what it refused.
 */

/** Bytes of a refused body read and dropped at most, counting what was read before the refusal. */
export const MAX_DISCARDED_BODY_BYTES = 16 * 1024 * 1024;
/** How long a refused body may take to finish before the connection is cut. */
export const DISCARD_TIMEOUT_MS = 10_000;
/** How long a connection cut off past a bound stays open, unread, for its client to read the answer. */
export const CUT_OFF_LINGER_MS = 2_000;

export type DiscardOutcome = 'drained' | 'cut-off';

export type DiscardLimits = { maxBytes?: number; timeoutMs?: number };

/** Whether a body was announced that has not been read to its end. */
export function hasPendingBody(incoming: IncomingMessage): boolean {
  const announced = incoming.headers['content-length'] !== undefined || incoming.headers['transfer-encoding'] !== undefined;
  return announced && !incoming.complete;
}

/**
 * Writes the whole answer, then reads and drops the rest of the body (up to the
 * bounds) before ending the response, which closes the connection. `alreadyRead` is
 * what the caller read of the body before deciding to refuse it.
 */
export async function answerBeforeBody(input: {
  answer: Response;
  incoming: IncomingMessage;
  outgoing: ServerResponse;
  alreadyRead?: number;
  limits?: DiscardLimits;
}): Promise<DiscardOutcome> {
  const { answer, incoming, outgoing } = input;
  const body = incoming.method === 'HEAD' ? Buffer.alloc(0) : Buffer.from(await answer.arrayBuffer());
  const headers = Object.fromEntries(answer.headers);
  headers['content-length'] = String(body.byteLength);
  if (!hasPendingBody(incoming)) {
    outgoing.writeHead(answer.status, headers).end(body);
    return 'drained';
  }
  // Node would otherwise keep the connection and read the rest itself, with no bound.
  headers.connection = 'close';
  outgoing.writeHead(answer.status, headers);
  outgoing.write(body);
  const outcome = await discardRestOfBody(incoming, input.alreadyRead ?? 0, input.limits);
  if (outcome === 'cut-off') cutOff(outgoing);
  else outgoing.end();
  return outcome;
}

/**
 * A client past a bound is read no more, but not reset at once. A reset sent while the
 * answer still waits unread in the client's buffers drops it, and a client on a loaded
 * machine reads late: the server stops reading (TCP then holds the client back, at no
 * cost to the server), ends its side after the answer, and closes the socket a moment
 * later, or as soon as the client closes its own.
 */
function cutOff(outgoing: ServerResponse): void {
  const socket = outgoing.socket;
  if (!socket || socket.destroyed) {
    outgoing.destroy();
    return;
  }
  socket.pause();
  socket.end();
  const timer = setTimeout(() => outgoing.destroy(), CUT_OFF_LINGER_MS).unref();
  socket.once('close', () => clearTimeout(timer));
}

/** Reads what is left of the body and drops it; cut-off once past the byte bound or the time bound. */
function discardRestOfBody(incoming: IncomingMessage, alreadyRead: number, limits: DiscardLimits = {}): Promise<DiscardOutcome> {
  const maxBytes = limits.maxBytes ?? MAX_DISCARDED_BODY_BYTES;
  const timeoutMs = limits.timeoutMs ?? DISCARD_TIMEOUT_MS;
  if (incoming.complete) return Promise.resolve('drained');
  return new Promise((resolve) => {
    let received = alreadyRead;
    const finish = (outcome: DiscardOutcome) => {
      clearTimeout(timer);
      stopListening();
      resolve(outcome);
    };
    const timer = setTimeout(() => finish('cut-off'), timeoutMs);
    const stopListening = listenToBody(incoming, {
      chunk: (chunk) => {
        received += chunk.byteLength;
        if (received > maxBytes) finish('cut-off');
      },
      end: () => finish('drained'),
      // The client went away: nothing is left to protect, the socket is closing anyway.
      gone: () => finish(incoming.complete ? 'drained' : 'cut-off'),
    });
    incoming.resume();
  });
}
