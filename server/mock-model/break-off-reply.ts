import { jsonResponse } from '../shared/index.ts';
import type { MockStream } from './mock-stream.ts';

/**
 * The interrupted habit's break: the reply stops halfway, as a dropped connection or a
 * proxy that gives up leaves it. Streamed, the frames stop halfway through (in the middle of
 * a call's arguments where they come in pieces), never reaching the format's end; whole,
 * the JSON body stops halfway. Both end cleanly on the wire: what is missing is the end.
 */

/** The first half of the frames (at least one): the end marker and whatever came just before it never leave. */
export function breakOffStream(stream: MockStream): MockStream {
  return { ...stream, frames: stream.frames.slice(0, Math.max(1, Math.ceil(stream.frames.length / 2))) };
}

/** The first half of a whole JSON body, sent as if it were all: its Content-Length is that half's. */
export function breakOffBody({ body, headers }: { body: unknown; headers: Record<string, string> }): Response {
  const whole = jsonResponse(200, body, headers);
  const text = JSON.stringify(body);
  return new Response(text.slice(0, Math.floor(text.length / 2)), { status: 200, headers: whole.headers });
}
