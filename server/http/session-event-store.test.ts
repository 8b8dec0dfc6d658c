import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { createSessionEventStore } from './session-event-store.ts';

const progress = (value: number): JSONRPCMessage => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 't', progress: value } });
const priming = {} as JSONRPCMessage; // what the SDK stores for a priming event

async function replayAfter(store: ReturnType<typeof createSessionEventStore>, lastEventId: string) {
  const sent: { id: string; message: JSONRPCMessage }[] = [];
  const streamId = await store.replayEventsAfter(lastEventId, { send: async (id, message) => void sent.push({ id, message }) });
  return { streamId, sent };
}

describe('createSessionEventStore', () => {
  it('replays what followed an event on its own stream, in order, without the priming event or other streams', async () => {
    const store = createSessionEventStore({ maxEvents: 100, maxCharacters: 100_000 });
    const primed = await store.storeEvent('a', priming);
    const first = await store.storeEvent('a', progress(1));
    await store.storeEvent('b', progress(99));
    const second = await store.storeEvent('a', progress(2));
    const third = await store.storeEvent('a', progress(3));
    expect(await store.getStreamIdForEventId!(first)).toBe('a');
    expect(await replayAfter(store, first)).toEqual({
      streamId: 'a',
      sent: [
        { id: second, message: progress(2) },
        { id: third, message: progress(3) },
      ],
    });
    expect((await replayAfter(store, primed)).sent.map((event) => event.id)).toEqual([first, second, third]);
    expect((await replayAfter(store, third)).sent).toEqual([]);
  });

  it('also sends the events stored while it replays', async () => {
    const store = createSessionEventStore({ maxEvents: 100, maxCharacters: 100_000 });
    const first = await store.storeEvent('a', progress(1));
    await store.storeEvent('a', progress(2));
    const sent: unknown[] = [];
    await store.replayEventsAfter(first, {
      send: async (_id, message) => {
        sent.push(message);
        if (sent.length === 1) await store.storeEvent('a', progress(3));
      },
    });
    expect(sent).toEqual([progress(2), progress(3)]);
  });

  it('keeps only the latest events, by count and by size, so an old id is no longer known', async () => {
    const byCount = createSessionEventStore({ maxEvents: 2, maxCharacters: 100_000 });
    const ids = [await byCount.storeEvent('a', progress(1)), await byCount.storeEvent('a', progress(2)), await byCount.storeEvent('a', progress(3))];
    expect(ids.map(byCount.has)).toEqual([false, true, true]);
    await expect(byCount.replayEventsAfter(ids[0]!, { send: async () => {} })).rejects.toThrow(/not kept/);
    expect((await replayAfter(byCount, ids[1]!)).sent.map((event) => event.id)).toEqual([ids[2]]);

    const size = JSON.stringify(progress(1)).length;
    const bySize = createSessionEventStore({ maxEvents: 100, maxCharacters: size * 2 });
    const sized = [await bySize.storeEvent('a', progress(1)), await bySize.storeEvent('a', progress(2)), await bySize.storeEvent('a', progress(3))];
    expect(sized.map(bySize.has)).toEqual([false, true, true]);
  });

  it('keeps the newest event even when it alone is over the size bound', async () => {
    const store = createSessionEventStore({ maxEvents: 100, maxCharacters: 10 });
    const id = await store.storeEvent('a', progress(1));
    expect(store.has(id)).toBe(true);
  });

  it('knows no id it did not hand out', async () => {
    const store = createSessionEventStore({ maxEvents: 100, maxCharacters: 100_000 });
    await store.storeEvent('a', progress(1));
    for (const id of ['0', '2', '-1', '1.0', '01', 'x', '']) expect(store.has(id)).toBe(false);
    expect(await store.getStreamIdForEventId!('7')).toBeUndefined();
  });
});
