import type { IncomingMessage, ServerResponse } from 'node:http';
import { refuseUnreadBody } from '../http/index.ts';
import { MAX_REQUEST_BODY_BYTES } from '../shared/index.ts';
import { answerBeforeBody } from './answer-before-body.ts';
import { listenToBody } from './listen-to-body.ts';

/**
 * Node's (request, response) face for the web-standard app: the IncomingMessage
 * becomes a Request, the app's Response is written back, streamed bodies chunk by
 * chunk with write backpressure. It does what the SDK's toNodeHandler does, with one
 * difference that matters under load: a chunk and the end of the body that follows at
 * once go out in one socket write, not two. An MCP answer is an SSE stream that
 * usually holds one event and then ends; a CPU profile under 50 sessions showed the
 * second write (the chunked terminator alone) as a tenth of the server's time.
 *
 * The body is read here, before the app sees the request, and handed to it whole (as
 * the SDK's adapter does), so this read must stop at the limit by itself: the app's own
 * bounded reader (server/shared/read-bounded-body.ts, the same limit) would come too late
 * to stop it. A body over the limit is answered with 413 before it has all arrived, and
 * the rest is read and dropped (up to a bound) so that the client can read that answer:
 * see answer-before-body.ts.
 */

/** The app, handed the web Request and the Node request it was made from (which knows the client's address). */
export type WebHandler = (request: Request, incoming: IncomingMessage) => Promise<Response>;
export type NodeListener = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export function createNodeListener(handle: WebHandler): NodeListener {
  return async (incoming, outgoing) => {
    let finished = false;
    const abort = new AbortController();
    // The client went away before the answer was whole: stop the work and the stream.
    outgoing.on('close', () => {
      if (!finished) abort.abort();
    });
    if (outgoing.destroyed) abort.abort();

    const body = await readBody(incoming);
    if (body.kind === 'too-large') {
      finished = true;
      await answerBeforeBody({ answer: refuseUnreadBody({ kind: 'too-large' }), incoming, outgoing, alreadyRead: body.received });
      return;
    }
    let response: Response;
    try {
      response = body.kind === 'gone' ? createGoneResponse() : await handle(convertToWebRequest(incoming, abort.signal, body.text), incoming);
    } catch {
      response = Response.json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null }, { status: 500 });
    }

    const headers: Record<string, string> = {};
    for (const [name, value] of response.headers) headers[name] = value;
    outgoing.writeHead(response.status, headers);
    if (response.body === null) {
      finished = true;
      outgoing.end();
      return;
    }
    const stillCorked = await writeBody(response.body, outgoing, abort.signal);
    finished = true;
    if (stillCorked) {
      // The body's last chunks are held in the response's cork. Node 22's end() writes the
      // terminator before it flushes them (a client then reads the stream as ended before
      // its last event); Node 20 and 24 flush first. So the response is uncorked here, in
      // order, while the socket is held corked, and end() lets it go: the chunks and the
      // terminator still leave in one write.
      outgoing.socket?.cork();
      outgoing.uncork();
    }
    outgoing.end();
  };
}

/** Writes the body, and says whether the response is still corked (its last chunks held, to go out with the terminator). */
async function writeBody(body: ReadableStream<Uint8Array>, outgoing: ServerResponse, aborted: AbortSignal): Promise<boolean> {
  const reader = body.getReader();
  const closed = new Promise<void>((resolve) => aborted.addEventListener('abort', () => resolve(), { once: true }));
  let corked = false;
  const uncork = () => {
    if (!corked) return;
    corked = false;
    outgoing.uncork();
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      // Still corked here when the stream ended right after the last chunk: end() then
      // sends chunk and terminator in one write.
      if (done || aborted.aborted) break;
      if (!corked) {
        corked = true;
        outgoing.cork();
        // When more is still to come (progress, then a slow tool), the chunk goes out
        // as soon as the answer's current work is done, not when the next one arrives.
        process.nextTick(uncork);
      }
      let flushed: () => void = () => {};
      const chunkFlushed = new Promise<void>((resolve) => (flushed = resolve));
      // Backpressure waits for this chunk to leave, not for 'drain': when the uncork hands
      // the held chunk to the socket whole, Node 24 emits 'drain' within uncork() itself
      // (nodejs/node#64038), before a listener added after it, and Node 22 emits none at all.
      // Either way the answer stopped at a chunk larger than the response's buffer until the
      // client left: the React MCP App example's 423 kB resources/read through the stdio bridge.
      if (!outgoing.write(value, () => flushed())) {
        uncork();
        await Promise.race([chunkFlushed, closed]);
      }
    }
  } catch {
    // The app's stream failed mid-answer: end what was sent.
  }
  if (aborted.aborted) await reader.cancel().catch(() => {});
  // The caller uncorks it along with the terminator, in one write; the pending uncork then has nothing to do.
  const stillCorked = corked;
  corked = false;
  return stillCorked;
}

type ReadBody = { kind: 'read'; text: string | undefined } | { kind: 'too-large'; received: number } | { kind: 'gone' };

/** The whole body, or too-large as soon as more than the limit is declared or received. */
function readBody(incoming: IncomingMessage): Promise<ReadBody> {
  const method = (incoming.method ?? 'GET').toUpperCase();
  if (method === 'GET' || method === 'HEAD') return Promise.resolve({ kind: 'read', text: undefined });
  if (Number(incoming.headers['content-length']) > MAX_REQUEST_BODY_BYTES) return Promise.resolve({ kind: 'too-large', received: 0 });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const settle = (result: ReadBody) => {
      stopListening();
      resolve(result);
    };
    const stopListening = listenToBody(incoming, {
      chunk: (chunk) => {
        received += chunk.byteLength;
        if (received <= MAX_REQUEST_BODY_BYTES) {
          chunks.push(chunk);
          return;
        }
        // Paused until the 413 is written, then read on and dropped.
        incoming.pause();
        settle({ kind: 'too-large', received });
      },
      end: () => {
        // Decoded as the SDK's adapter decodes it (a leading byte-order mark dropped, bad bytes replaced).
        const text = new TextDecoder().decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
        settle({ kind: 'read', text: text.length > 0 ? text : undefined });
      },
      gone: () => settle({ kind: 'gone' }),
    });
  });
}

function convertToWebRequest(incoming: IncomingMessage, signal: AbortSignal, body: string | undefined): Request {
  const method = (incoming.method ?? 'GET').toUpperCase();
  const url = `http://${incoming.headers.host ?? 'localhost'}${incoming.url ?? '/'}`;
  // Name-value pairs, not a Headers: the Request copies its init into a Headers of its own,
  // so building one here made every request fill two.
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const item of value) headers.push([name, item]);
    else headers.push([name, value]);
  }
  return new Request(url, { method, headers, signal, ...(body === undefined ? {} : { body }) });
}

/** The client went away mid-body: nobody reads this answer, but the listener still ends the response. */
function createGoneResponse(): Response {
  return Response.json(
    { jsonrpc: '2.0', error: { code: -32000, message: 'The request body did not arrive whole: the client went away.' }, id: null },
    { status: 400 },
  );
}
