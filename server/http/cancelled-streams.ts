import { isJSONRPCNotification, isJSONRPCRequest } from '@modelcontextprotocol/server';

/**
 * A session's answer streams of cancelled requests, ended by the server (issue 40).
 *
 * In 2025-11-25 a client cancels with notifications/cancelled in a POST of its own. The
 * SDK aborts the handler (the tool stops) and, as the spec asks, sends no result; but it
 * ends a request's stream only after its result, so the stream stayed open, empty, holding
 * a connection until the client or the session went. Here the cancel also ends it.
 *
 * A stream ended without its result is one an SDK client resumes: it sends GET with
 * Last-Event-ID, and the transport would replay it and hold it open again for a result that
 * never comes. So the session remembers which of its streams were cancelled, and such a GET
 * is answered 204 No Content: nothing will follow on that stream. Both SDK clients end the
 * stream quietly on an answer with no body.
 *
 * Which stream a request's answer opened is read from the session's event store: the
 * priming event that opens it is stored while the transport takes the POST, so one priming
 * event stored while one POST was taken is that POST's (mcp-session-endpoint.ts). Reading the
 * answer's bytes for it instead cost a copy of every answer, on the path every call takes.
 */

type RequestId = string | number;

/** Cancelled streams a session remembers, the oldest forgotten first: a GET that names one forgotten is replayed as before. */
const MAX_REMEMBERED = 100;
/** Open answer streams a session knows the requests of, the oldest forgotten first (a cancel of a request forgotten ends nothing). */
const MAX_KNOWN_STREAMS = 256;

export type CancelledStreams = {
  /** Notes that the answer stream `streamId` carries `requestIds` (a POST's requests). */
  note: (streamId: string, requestIds: RequestId[]) => void;
  /** The request ids in `body`'s notifications/cancelled whose streams carry nothing else, now remembered as cancelled. */
  cancel: (body: unknown) => RequestId[];
  /** Whether the stream `lastEventId` belongs to was ended by a cancel. */
  isCancelled: (lastEventId: string) => boolean;
};

export function createCancelledStreams(streamOf: (eventId: string) => string | undefined): CancelledStreams {
  /** Each known stream's requests, by its stream id, oldest first; and the stream of each request. */
  const requestsOf = new Map<string, RequestId[]>();
  const streamOfRequest = new Map<RequestId, string>();
  const cancelled = new Set<string>();

  const forget = (streamId: string) => {
    for (const id of requestsOf.get(streamId) ?? []) if (streamOfRequest.get(id) === streamId) streamOfRequest.delete(id);
    requestsOf.delete(streamId);
  };

  return {
    note(streamId, requestIds) {
      if (requestIds.length === 0) return;
      requestsOf.set(streamId, requestIds);
      for (const id of requestIds) streamOfRequest.set(id, streamId);
      // Answered streams are not seen to end (that would cost a copy of every answer): the oldest are let go of instead.
      if (requestsOf.size > MAX_KNOWN_STREAMS) forget(requestsOf.keys().next().value!);
    },
    cancel(body) {
      const closed: RequestId[] = [];
      for (const id of readCancelledIds(body)) {
        const streamId = streamOfRequest.get(id);
        // A stream that carries other requests of a batch stays: their results still come on it.
        if (streamId === undefined || requestsOf.get(streamId)?.length !== 1) continue;
        forget(streamId);
        cancelled.add(streamId);
        if (cancelled.size > MAX_REMEMBERED) cancelled.delete(cancelled.values().next().value!);
        closed.push(id);
      }
      return closed;
    },
    isCancelled(lastEventId) {
      const streamId = streamOf(lastEventId);
      return streamId !== undefined && cancelled.has(streamId);
    },
  };
}

/** The JSON-RPC request ids of a POST body's requests, for `note`. */
export function readRequestIds(body: unknown): RequestId[] {
  return (Array.isArray(body) ? body : [body]).filter(isJSONRPCRequest).map((request) => request.id);
}

function readCancelledIds(body: unknown): RequestId[] {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  return messages.flatMap((message) => {
    if (!isJSONRPCNotification(message) || message.method !== 'notifications/cancelled') return [];
    const id = message.params?.requestId;
    return typeof id === 'string' || typeof id === 'number' ? [id] : [];
  });
}
