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
 */

type RequestId = string | number;

/** Cancelled streams a session remembers, the oldest forgotten first: a GET that names one forgotten is replayed as before. */
const MAX_REMEMBERED = 100;
/** Bytes read from the start of an answer to find its first event id (the priming event's, a few dozen bytes). */
const MAX_PRIMING_BYTES = 4096;

export type CancelledStreams = {
  /** The POST's event-stream answer to `requestIds`, passed on as is while its first event id is read. */
  watch: (response: Response, requestIds: RequestId[]) => Response;
  /** The request ids in `body`'s notifications/cancelled whose streams carry nothing else, now remembered as cancelled. */
  cancel: (body: unknown) => RequestId[];
  /** Whether the stream `lastEventId` belongs to was ended by a cancel. */
  isCancelled: (lastEventId: string) => boolean;
};

export function createCancelledStreams(streamOf: (eventId: string) => string | undefined): CancelledStreams {
  /** Each open stream's requests, by its stream id; and the stream of each request. */
  const requestsOf = new Map<string, RequestId[]>();
  const streamOfRequest = new Map<RequestId, string>();
  const cancelled = new Set<string>();

  const forget = (streamId: string) => {
    for (const id of requestsOf.get(streamId) ?? []) if (streamOfRequest.get(id) === streamId) streamOfRequest.delete(id);
    requestsOf.delete(streamId);
  };

  return {
    watch(response, requestIds) {
      if (!response.body || requestIds.length === 0 || !response.headers.get('content-type')?.startsWith('text/event-stream')) return response;
      let streamId: string | undefined;
      const body = readFirstEventId(response.body, (eventId) => {
        streamId = streamOf(eventId);
        if (streamId === undefined) return;
        requestsOf.set(streamId, requestIds);
        for (const id of requestIds) streamOfRequest.set(id, streamId);
      }, () => {
        if (streamId !== undefined) forget(streamId);
      });
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
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

/** The JSON-RPC request ids of a POST body's requests, for `watch`. */
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

/** The same bytes; `onEventId` gets the first `id:` field of the stream, `onEnd` runs once the stream ends or is abandoned. */
function readFirstEventId(source: ReadableStream<Uint8Array>, onEventId: (eventId: string) => void, onEnd: () => void): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const decoder = new TextDecoder();
  let start = '';
  let looking = true;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        end();
        return;
      }
      if (looking) {
        start += decoder.decode(value, { stream: true });
        const found = /^id: ?([^\r\n]*)\r?\n/m.exec(start);
        if (found) onEventId(found[1]!);
        if (found || start.length > MAX_PRIMING_BYTES) looking = false;
      }
      controller.enqueue(value);
    },
    cancel: async (reason) => {
      await reader.cancel(reason);
      end();
    },
  });
}
