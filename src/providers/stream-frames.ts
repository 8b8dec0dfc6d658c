import { createParser } from 'eventsource-parser';
import type { StreamFrame } from './stream-reader.ts';

/**
 * Cuts a streamed body into frames the way it is cut on arrival: SSE events with the
 * eventsource-parser the recorder uses, NDJSON at line ends. Chunks of the body may end
 * anywhere, mid-line or mid-character, so both keep what is left for the next chunk.
 */

export type FrameSplitter = {
  /** Takes the next piece of the body; returns the frames it completed. */
  push(text: string): StreamFrame[];
  /** The body ended: returns a last frame that had no line end, if any. */
  end(): StreamFrame[];
};

export function createSseSplitter(): FrameSplitter {
  let completed: StreamFrame[] = [];
  const parser = createParser({
    onEvent(message) {
      completed.push(message.event === undefined ? { data: message.data } : { data: message.data, event: message.event });
    },
  });
  const take = () => {
    const frames = completed;
    completed = [];
    return frames;
  };
  return {
    push(text) {
      parser.feed(text);
      return take();
    },
    end() {
      // A body may stop without the blank line that ends its last event; the SDKs still read that event, so the host does too.
      parser.feed('\n\n');
      parser.reset();
      return take();
    },
  };
}

export function createNdjsonSplitter(): FrameSplitter {
  let rest = '';
  return {
    push(text) {
      rest += text;
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      return lines
        .map((line) => line.replace(/\r$/, ''))
        .filter((line) => line.trim() !== '')
        .map((data) => ({ data }));
    },
    end() {
      const last = rest.trim();
      rest = '';
      return last === '' ? [] : [{ data: last }];
    },
  };
}

/** A whole recorded body, cut into its frames. */
export function splitStreamText({ text, framing }: { text: string; framing: 'sse' | 'ndjson' }): StreamFrame[] {
  const splitter = framing === 'sse' ? createSseSplitter() : createNdjsonSplitter();
  return [...splitter.push(text), ...splitter.end()];
}
