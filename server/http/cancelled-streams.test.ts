import { describe, expect, it } from 'vitest';
import { createCancelledStreams } from './cancelled-streams.ts';

/** The bookkeeping behind a session's cancelled streams: which cancel ends which stream. */

const cancelOf = (requestId: number) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } });
const streams = { '1': 'stream-a', '2': 'stream-b' } as Record<string, string>;

describe('cancelled streams', () => {
  it('ends the stream of the one request a cancel names, and knows its events as cancelled', () => {
    const cancelled = createCancelledStreams((eventId) => streams[eventId]);
    cancelled.note('stream-a', [5]);
    expect(cancelled.isCancelled('1')).toBe(false);
    expect(cancelled.cancel([cancelOf(9), cancelOf(5)])).toEqual([5]);
    expect(cancelled.isCancelled('1')).toBe(true);
    // Once is enough: the stream is forgotten as open.
    expect(cancelled.cancel(cancelOf(5))).toEqual([]);
  });

  it("leaves a batch's stream open: the other requests' results still come on it", () => {
    const cancelled = createCancelledStreams((eventId) => streams[eventId]);
    cancelled.note('stream-b', [5, 6]);
    expect(cancelled.cancel(cancelOf(5))).toEqual([]);
    expect(cancelled.isCancelled('2')).toBe(false);
  });

  it('ends nothing for a request it was never told the stream of', () => {
    const cancelled = createCancelledStreams((eventId) => streams[eventId]);
    expect(cancelled.cancel(cancelOf(5))).toEqual([]);
  });
});
