import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_BODY_BYTES, readBoundedBody } from './read-bounded-body.ts';

/** A body that arrives in chunks, as a network stream does, and says whether its reader cancelled it. */
function streamChunks(chunks: Uint8Array[], { failAfter }: { failAfter?: number } = {}): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let sent = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[sent];
      if (failAfter !== undefined && sent === failAfter) controller.error(new Error('the client went away'));
      else if (chunk) controller.enqueue(chunk);
      else controller.close();
      sent += 1;
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://localhost/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('readBoundedBody', () => {
  it('reads a body within the limit as text, a byte-order mark dropped and a character split across chunks kept whole', async () => {
    const bytes = new TextEncoder().encode('\uFEFF{"sum":"5 + 7 = 12 ✓"}');
    const { stream } = streamChunks([bytes.slice(0, bytes.length - 3), bytes.slice(bytes.length - 3)]);
    expect(await readBoundedBody(post(stream))).toEqual({ kind: 'text', text: '{"sum":"5 + 7 = 12 ✓"}' });
  });

  it('reads no body as empty text', async () => {
    expect(await readBoundedBody(new Request('http://localhost/'))).toEqual({ kind: 'text', text: '' });
  });

  it('refuses a declared Content-Length over the limit without reading, and cancels the stream', async () => {
    const { stream, cancelled } = streamChunks([new Uint8Array(10)]);
    expect(await readBoundedBody(post(stream, { 'content-length': String(MAX_REQUEST_BODY_BYTES + 1) }))).toEqual({ kind: 'too-large' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cancelled()).toBe(true);
  });

  it('stops a streamed body once past the limit, and cancels the rest', async () => {
    const chunk = new Uint8Array(1024);
    const { stream, cancelled } = streamChunks(Array.from({ length: 100 }, () => chunk));
    expect(await readBoundedBody(post(stream), 4 * 1024)).toEqual({ kind: 'too-large' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cancelled()).toBe(true);
  });

  it('takes a body of exactly the limit', async () => {
    expect(await readBoundedBody(post('x'.repeat(64)), 64)).toEqual({ kind: 'text', text: 'x'.repeat(64) });
  });

  it('says unreadable when the stream fails before its end', async () => {
    const { stream } = streamChunks([new TextEncoder().encode('{"jsonrpc"')], { failAfter: 1 });
    expect(await readBoundedBody(post(stream))).toEqual({ kind: 'unreadable' });
  });

  it('reads a response body with its own limit (a fetched client metadata document)', async () => {
    expect(await readBoundedBody(new Response('{"client_id":"x"}'), 100)).toEqual({ kind: 'text', text: '{"client_id":"x"}' });
    expect(await readBoundedBody(new Response('x'.repeat(101)), 100)).toEqual({ kind: 'too-large' });
  });
});
