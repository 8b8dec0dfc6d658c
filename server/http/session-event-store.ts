import type { EventId, EventStore, JSONRPCMessage } from '@modelcontextprotocol/server';

/**
 * What makes a session's SSE streams resumable: every event the transport writes is
 * kept here under an id, so a client whose stream was cut can reconnect with GET and
 * Last-Event-ID and be sent what it missed on that stream, in order, and nothing it
 * already had. One store per session, so an event id of one session means nothing in
 * another. It lives in memory and keeps only the latest events (a count and a size
 * bound, the oldest dropped first): a stream cut longer ago than that cannot be resumed.
 */

export type SessionEventStore = EventStore & {
  /** Whether `eventId` is still kept, so that a reconnection from it can be answered. */
  has: (eventId: EventId) => boolean;
  /** The stream `eventId` was written on, while it is kept. */
  streamOf: (eventId: EventId) => string | undefined;
  /** Priming events stored so far (one opens each POST's answer stream), and the stream of the latest. */
  readPrimings: () => { count: number; lastStream: string | undefined };
};

export type EventStoreLimits = { maxEvents: number; maxCharacters: number };

type StoredEvent = { sequence: number; streamId: string; message: JSONRPCMessage; characters: number };

export function createSessionEventStore(limits: EventStoreLimits): SessionEventStore {
  /** In the order they were stored; `sequence` is the id, counting up from 1. */
  const events: StoredEvent[] = [];
  let nextSequence = 1;
  let characters = 0;
  const primings = { count: 0, lastStream: undefined as string | undefined };

  const find = (eventId: EventId): StoredEvent | undefined => {
    if (!/^[1-9]\d*$/.test(eventId) || events.length === 0) return undefined;
    return events[Number(eventId) - events[0]!.sequence];
  };

  return {
    async storeEvent(streamId, message) {
      if (!('jsonrpc' in message)) {
        primings.count += 1;
        primings.lastStream = streamId;
      }
      const stored = { sequence: nextSequence, streamId, message, characters: JSON.stringify(message).length };
      nextSequence += 1;
      events.push(stored);
      characters += stored.characters;
      // The newest event stays even when it alone is over the size bound: the stream needs its id.
      while (events.length > 1 && (events.length > limits.maxEvents || characters > limits.maxCharacters)) {
        characters -= events.shift()!.characters;
      }
      return String(stored.sequence);
    },
    async getStreamIdForEventId(eventId) {
      return find(eventId)?.streamId;
    },
    async replayEventsAfter(lastEventId, { send }) {
      const last = find(lastEventId);
      if (!last) throw new Error(`Event ${lastEventId} is not kept, so its stream cannot be replayed`);
      // Read on until the newest event, including those stored while sending: the transport
      // writes a stream's new events live only once the replay is over.
      for (let sequence = last.sequence + 1; ; sequence += 1) {
        const event = find(String(sequence));
        if (!event) break;
        // A priming event (an id with no message) only marks a stream's start: nothing to send again.
        if (event.streamId === last.streamId && 'jsonrpc' in event.message) await send(String(event.sequence), event.message);
      }
      return last.streamId;
    },
    has: (eventId) => find(eventId) !== undefined,
    streamOf: (eventId) => find(eventId)?.streamId,
    readPrimings: () => ({ ...primings }),
  };
}
