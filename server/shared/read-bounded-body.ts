import { DEFAULT_MAX_REQUEST_BODY_SIZE } from '@modelcontextprotocol/server';

/**
 * The one reader of bodies in the web-standard server: every route reads its request
 * body here (the MCP endpoints, the mock model, the stdio bridge, the authorization
 * sandbox), and the sandbox a client metadata document it fetched. None is held in
 * memory past its limit: a declared Content-Length over it is refused without reading,
 * and otherwise bytes are counted as they stream in and the read stops past it.
 *
 * In Node the listener has read the body already, within the same limit, before the
 * app sees the request (server/node/create-node-listener.ts says why); this reader
 * then reads that copy, and in the Service Worker it reads the network's stream.
 */

/** 4 MiB, the SDK's default for MCP bodies: every route's limit, the Node listener's too. */
export const MAX_REQUEST_BODY_BYTES = DEFAULT_MAX_REQUEST_BODY_SIZE;

/** The 413's words wherever a body passes the limit, as the SDK words its own. */
export const BODY_TOO_LARGE_MESSAGE = `Payload Too Large: Request body must not exceed ${MAX_REQUEST_BODY_BYTES} bytes`;

/** `unreadable`: the stream failed before its end (the other side went away mid-body). */
export type BoundedBody = { kind: 'text'; text: string } | { kind: 'too-large' } | { kind: 'unreadable' };

/** The body as text (decoded as UTF-8, a leading byte-order mark dropped, bad bytes replaced), or why not. */
export async function readBoundedBody(message: Request | Response, maxBytes = MAX_REQUEST_BODY_BYTES): Promise<BoundedBody> {
  const body = message.body;
  if (Number(message.headers.get('content-length')) > maxBytes) {
    // Cancelling tells the source to stop, instead of leaving the rest of an oversized upload queued.
    // Not awaited: a clone's cancel settles only once the original is cancelled too.
    body?.cancel().catch(() => {});
    return { kind: 'too-large' };
  }
  if (body === null) return { kind: 'text', text: '' };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { kind: 'text', text: text + decoder.decode() };
      received += value.byteLength;
      if (received > maxBytes) {
        reader.cancel().catch(() => {});
        return { kind: 'too-large' };
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    return { kind: 'unreadable' };
  }
}
