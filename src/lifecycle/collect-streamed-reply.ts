import type { ExchangeEvent } from '../mcp/index.ts';
import type { StreamReader } from '../providers/index.ts';
import { ProviderReplyError, getWireStream } from '../providers/index.ts';
import type { SseFrame, StreamSummary } from '../trace/index.ts';

/**
 * Reads a streamed provider reply from the recorder's own frames, as they arrive: each
 * SSE event or NDJSON line the recorder keeps (already redacted, with its arrival time)
 * goes to the wire's stream reader once, so reading costs the same per frame however long
 * the reply. At the end it gives the reply reassembled, and how the host read it.
 */
export type StreamedReplyCollector = {
  /** Takes the recorder's events; returns the frame and its framing when the event was one. */
  take(event: ExchangeEvent): { framing: 'sse' | 'ndjson'; frame: SseFrame } | undefined;
  /** Whether the response was a stream this wire's reader reads. */
  streaming(): boolean;
  /** Settles when the recorder has read the whole stream (or failed to). */
  ended: Promise<void>;
  /** The reply reassembled and its summary; throws the reader's ProviderReplyError when a frame was not what the format sends. */
  finish(): { body: unknown; summary: StreamSummary };
};

export function createStreamedReplyCollector({ wire }: { wire: string }): StreamedReplyCollector {
  const stream = getWireStream(wire);
  let reader: StreamReader | undefined;
  let framing: 'sse' | 'ndjson' | undefined;
  let failure: unknown;
  let settle: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return {
    take(event) {
      if (event.type === 'response' && stream && (event.exchange.sse || event.exchange.ndjson)) {
        framing = event.exchange.sse ? 'sse' : 'ndjson';
        reader = stream.createReader();
      }
      if (event.type === 'end' || event.type === 'error') settle();
      if (event.type !== 'sse-frame' && event.type !== 'ndjson-line') return undefined;
      const frameFraming = event.type === 'sse-frame' ? 'sse' : 'ndjson';
      if (reader && failure === undefined) {
        try {
          reader.feed(event.frame);
        } catch (error) {
          failure = error;
        }
      }
      return { framing: frameFraming, frame: event.frame };
    },
    streaming: () => reader !== undefined,
    ended,
    finish() {
      if (!reader || !framing) throw new ProviderReplyError('The reply was not a stream this format sends.');
      if (failure !== undefined) throw failure;
      const view = reader.view();
      const summary: StreamSummary = { framing, frames: view.frames, calls: view.calls, text: view.text, finishReason: view.finishReason, ended: view.ended };
      return { body: reader.assemble(), summary };
    },
  };
}
