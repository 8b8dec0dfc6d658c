import { isJSONRPCRequest } from '@modelcontextprotocol/server';
import { createJsonRpcErrorResponse } from './json-rpc-errors.ts';
import { endEventStreamAfter } from './response-body.ts';

/**
 * The teaching knobs of the 2025-11-25 session endpoints (mcp-session-endpoint.ts), read
 * from the endpoint URL when a session starts: each a count, refused with a 400 that says
 * what it means when it is not one; and the cut that cut-stream-after makes.
 */

/** `?expire-after=N` on the endpoint URL: forget the session after answering N requests in it. */
export const EXPIRE_AFTER_PARAMETER = 'expire-after';
const EXPIRE_AFTER_LIMIT = 1000;
/**
 * `?cut-stream-after=N` on the endpoint URL: the session's first tools/call answer stream is
 * ended by the server after its Nth progress event, as a dropped connection would end it,
 * while the call goes on. A teaching knob for resumable streams: the client reconnects with
 * GET and Last-Event-ID, and the event store replays what followed.
 */
export const CUT_STREAM_AFTER_PARAMETER = 'cut-stream-after';
const CUT_STREAM_AFTER_LIMIT = 100;

/** The teaching knobs a session starts with, read from the endpoint URL. */
export type SessionKnobs = { expireAfter: number | undefined; cutStreamAfter: number | undefined };
/** The knobs of an endpoint URL without a query: none. */
export const NO_KNOBS: SessionKnobs = { expireAfter: undefined, cutStreamAfter: undefined };

export function readSessionKnobs(url: URL): SessionKnobs | Response {
  const expireAfter = readCountParameter({
    url,
    name: EXPIRE_AFTER_PARAMETER,
    limit: EXPIRE_AFTER_LIMIT,
    meaning: 'the requests a session answers before the server forgets it',
  });
  if (expireAfter instanceof Response) return expireAfter;
  const cutStreamAfter = readCountParameter({
    url,
    name: CUT_STREAM_AFTER_PARAMETER,
    limit: CUT_STREAM_AFTER_LIMIT,
    meaning: 'the progress events after which the first tools/call stream is cut',
  });
  if (cutStreamAfter instanceof Response) return cutStreamAfter;
  return { expireAfter, cutStreamAfter };
}

function readCountParameter({ url, name, limit, meaning }: { url: URL; name: string; limit: number; meaning: string }): number | undefined | Response {
  const raw = url.searchParams.get(name);
  if (raw === null) return undefined;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > limit) {
    return createJsonRpcErrorResponse(400, -32000, `Bad Request: ${name} must be a whole number from 1 to ${limit} (${meaning}), not "${raw}".`, undefined);
  }
  return count;
}

/**
 * The session's first tools/call stream, ended after its Nth progress event when the
 * session was started with `?cut-stream-after=N`. The transport then writes what follows
 * only to the event store, from where a GET with Last-Event-ID replays it.
 */
export function cutToolsCallStream(session: { cutStreamAfter: number | undefined }, body: unknown, response: Response): Response {
  const after = session.cutStreamAfter;
  const isCall = !Array.isArray(body) && isJSONRPCRequest(body) && body.method === 'tools/call';
  if (after === undefined || !isCall || !response.headers.get('content-type')?.startsWith('text/event-stream')) return response;
  session.cutStreamAfter = undefined;
  let progressEvents = 0;
  return endEventStreamAfter(response, (event) => {
    if (event.includes('"notifications/progress"')) progressEvents += 1;
    return progressEvents >= after;
  });
}
