/**
 * One answer of the stdio bridge: a POST's event stream, bounded in bytes. It carries the
 * call's own lines (the line written, the line read and the message in it), and beside
 * them the lines the bridge can tie to this call (stderr, notifications, the program's
 * start-up lines): those are its side lines, which together get MAX_SIDE_BYTES at most;
 * one more is left out, and counted on the next frame sent. No one event is larger than
 * MAX_EVENT_BYTES (its sender sends a line cut instead, or an error for a message). So an
 * answer is at most MAX_ANSWER_BYTES, whatever the program writes: before, sixty
 * unsolicited 15 MB lines made one answer of 943,723,201 bytes.
 */

/** Side lines of one answer, framed, at most (8 MiB). */
export const MAX_SIDE_BYTES = 8 * 1024 * 1024;
/** One event at most (24 MiB): a 16 MiB line framed as JSON, with room for its escapes. */
export const MAX_EVENT_BYTES = 24 * 1024 * 1024;
/** One answer at most (80 MiB): its side lines, and its line written, its line read and its message. */
export const MAX_ANSWER_BYTES = MAX_SIDE_BYTES + 3 * MAX_EVENT_BYTES;

export type EventStream = {
  /** Sends one event unless it is over MAX_EVENT_BYTES (false then). */
  send: (event: string, data: unknown) => boolean;
  /** Sends side events, all of them if the side allowance has room for them, or none (false then). */
  sendSide: (events: [event: string, data: unknown][]) => boolean;
  /** Bytes of side events that could still be sent: a line longer than this cannot fit, and need not be framed to know it. */
  sideRoom: () => number;
  close: () => void;
  closed: () => boolean;
};

export function openEventStream(): { stream: EventStream; body: ReadableStream<Uint8Array> } {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let closed = false;
  let sideBytes = 0;
  const body = new ReadableStream<Uint8Array>({
    start: (start) => {
      controller = start;
    },
    cancel: () => {
      closed = true;
    },
  });
  const encode = (event: string, data: unknown): Buffer => Buffer.from(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`, 'utf8');
  const enqueue = (bytes: Buffer) => {
    if (!closed) controller?.enqueue(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  };
  return {
    body,
    stream: {
      send(event, data) {
        if (closed) return false;
        const bytes = encode(event, data);
        if (bytes.byteLength > MAX_EVENT_BYTES) return false;
        enqueue(bytes);
        return true;
      },
      sendSide(events) {
        if (closed) return false;
        const encoded = events.map(([event, data]) => encode(event, data));
        const size = encoded.reduce((total, bytes) => total + bytes.byteLength, 0);
        if (sideBytes + size > MAX_SIDE_BYTES) return false;
        sideBytes += size;
        encoded.forEach(enqueue);
        return true;
      },
      // A string's UTF-8 bytes, and so its JSON, are never fewer than its UTF-16 code units.
      sideRoom: () => MAX_SIDE_BYTES - sideBytes,
      close() {
        if (closed) return;
        closed = true;
        controller?.close();
      },
      closed: () => closed,
    },
  };
}
