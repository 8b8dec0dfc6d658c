import { describe, expect, it } from 'vitest';
import { createCancelledStreams } from './cancelled-streams.ts';

/** The bookkeeping behind a session's cancelled streams, on real web streams: which cancel ends which stream. */

const eventStream = (firstEventId: string) =>
  new Response(new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode(`id: ${firstEventId}\nretry: 1000\ndata: \n\n`)) }), { headers: { 'content-type': 'text/event-stream' } });
const cancelOf = (requestId: number) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } });
const streams = { '1': 'stream-a', '2': 'stream-b' } as Record<string, string>;

async function readFirstChunk(response: Response): Promise<void> {
  await response.body!.getReader().read();
}

describe('cancelled streams', () => {
  it('ends the stream of the one request a cancel names, and knows its events as cancelled', async () => {
    const cancelled = createCancelledStreams((eventId) => streams[eventId]);
    await readFirstChunk(cancelled.watch(eventStream('1'), [5]));
    expect(cancelled.isCancelled('1')).toBe(false);
    expect(cancelled.cancel([cancelOf(9), cancelOf(5)])).toEqual([5]);
    expect(cancelled.isCancelled('1')).toBe(true);
    // Once is enough: the stream is forgotten as open.
    expect(cancelled.cancel(cancelOf(5))).toEqual([]);
  });

  it('leaves a batch\'s stream open: the other requests\' results still come on it', async () => {
    const cancelled = createCancelledStreams((eventId) => streams[eventId]);
    await readFirstChunk(cancelled.watch(eventStream('2'), [5, 6]));
    expect(cancelled.cancel(cancelOf(5))).toEqual([]);
    expect(cancelled.isCancelled('2')).toBe(false);
  });

  it('ignores a JSON answer, which has no stream to end', () => {
    const cancelled = createCancelledStreams((eventId) => streams[eventId]);
    cancelled.watch(Response.json({ jsonrpc: '2.0', id: 5, result: {} }), [5]);
    expect(cancelled.cancel(cancelOf(5))).toEqual([]);
  });
});
