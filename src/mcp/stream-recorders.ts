import { createParser } from 'eventsource-parser';
import type { SseFrame } from '../trace/index.ts';
import { measureJsonTextDepth } from '../trace/index.ts';
import { CLOSED_BY_CALLER, describeExchangeStop, type ExchangeBounds } from './exchange-bounds.ts';
import type { ExchangeListener, RecordedExchange } from './recorded-exchange.ts';

/** One exchange being recorded: what every recorder of its body needs. */
export type ExchangeRecording<Context> = {
  exchange: RecordedExchange<Context>;
  emit: ExchangeListener<Context>;
  now: () => number;
  redact: (text: string) => string;
  bounds: ExchangeBounds;
};

/** What reads a streamed body as it passes: each chunk, then its end or its failure. */
export type ChunkRecorder = {
  record(chunk: Uint8Array): void;
  finish(): void;
  fail(error: unknown): void;
};

/**
 * The caller's body, read once: each chunk is recorded, then handed on unchanged. A tee
 * would copy the stream into two and the recorder would read its branch apart (and a
 * caller's cancel would hang until both branches were cancelled); here there is one
 * reader. Chunks are pushed as they arrive, whether or not the caller reads, so the
 * record is whole even when the caller stops reading after the message it wanted.
 *
 * Once the caller closed the answer (bounds.closedByCaller), its copy gets nothing more:
 * no chunk, no end and no error. The MCP SDK reads an event stream that ends without the
 * result as one to resume (it would reconnect with Last-Event-ID) and one that fails as an
 * error (onerror): an answer nobody waits for is left to be collected instead.
 */
export function recordAlongside(
  source: ReadableStream<Uint8Array>,
  recorder: ChunkRecorder,
  bounds: Pick<ExchangeBounds, 'closedByCaller'>,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let cancelled = false;
  const handsOn = () => !cancelled && !bounds.closedByCaller;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            recorder.record(value);
            if (handsOn()) controller.enqueue(value);
          }
        } catch (error) {
          recorder.fail(error);
          if (handsOn()) controller.error(error);
          return;
        }
        recorder.finish();
        if (handsOn()) controller.close();
      })();
    },
    // Cancelling ends the read above (done), so the record ends as a plain fetch body's would.
    cancel(reason) {
      cancelled = true;
      return reader.cancel(reason);
    },
  });
}

export function describeNetworkError(error: unknown, timedOut: boolean): string {
  if (timedOut) return 'TimeoutError: no answer in time';
  if (error instanceof Error) {
    const causeText = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.name}: ${error.message}${causeText}`;
  }
  return String(error);
}

/** A streamed body came to its end: the exchange's clock stops and the end is told. */
function endStreamedExchange<Context>({ exchange, emit, now, bounds }: ExchangeRecording<Context>): void {
  bounds.finish();
  exchange.durationMs = now() - exchange.startedAt;
  emit({ type: 'end', exchange });
}

/** A streamed body broke off or went over a bound: the exchange says which, in words without its secrets. */
function failStreamedExchange<Context>({ exchange, emit, now, redact, bounds }: ExchangeRecording<Context>, error: unknown): void {
  bounds.finish();
  if (bounds.stop) exchange.stopped = bounds.stop;
  exchange.durationMs = now() - exchange.startedAt;
  exchange.error = bounds.closedByCaller ? CLOSED_BY_CALLER : redact(bounds.stop ? describeExchangeStop(bounds.stop) : describeNetworkError(error, false));
  emit({ type: 'error', exchange, error });
}

/** How much of an event stream's body is kept while no event has been read in it. */
const UNFRAMED_KEPT = 2_000;

export function createEventStreamRecorder<Context>(recording: ExchangeRecording<Context>): ChunkRecorder {
  const { exchange, emit, now, redact, bounds } = recording;
  const parser = createParser({
    onEvent(message) {
      // Past a bound nothing more is recorded: the abort ends the stream on the next read.
      if (bounds.stop || bounds.noteFrame() || bounds.noteDepth(measureJsonTextDepth(message.data))) return;
      const frame: SseFrame = { data: redact(message.data), at: now() - exchange.startedAt };
      if (message.event !== undefined) frame.event = redact(message.event);
      if (message.id !== undefined) frame.id = redact(message.id);
      exchange.sse?.push(frame);
      emit({ type: 'sse-frame', exchange, frame });
    },
  });
  const decoder = new TextDecoder();
  // Until a first event is read, the text that came is kept (its start): a body that holds no event at all is then shown as what it was.
  let unframed = '';
  const keepUnframed = (text: string) => {
    if (exchange.sse?.length === 0 && unframed.length < UNFRAMED_KEPT) unframed += text.slice(0, UNFRAMED_KEPT - unframed.length);
  };
  const showUnframed = () => {
    if (exchange.sse?.length === 0 && unframed.trim() !== '') exchange.responseBody = redact(unframed);
  };
  return {
    record(chunk) {
      if (bounds.noteBytes(chunk.byteLength)) return;
      const text = decoder.decode(chunk, { stream: true });
      keepUnframed(text);
      parser.feed(text);
    },
    finish() {
      parser.feed(decoder.decode());
      showUnframed();
      endStreamedExchange(recording);
    },
    fail(error) {
      showUnframed();
      failStreamedExchange(recording, error);
    },
  };
}

/**
 * An NDJSON body line by line, each line a frame with its arrival time; a last line without
 * a line end counts too. Its lines are frames and its chunks bytes against the bounds, as
 * an event stream's are, and its end lets the exchange's clock go.
 */
export function createLineRecorder<Context>(recording: ExchangeRecording<Context>): ChunkRecorder {
  const { exchange, emit, now, redact, bounds } = recording;
  const decoder = new TextDecoder();
  let rest = '';
  const take = (line: string) => {
    const data = line.replace(/\r$/, '');
    // Past a bound nothing more is recorded: the abort ends the stream on the next read.
    if (data.trim() === '' || bounds.stop || bounds.noteFrame() || bounds.noteDepth(measureJsonTextDepth(data))) return;
    const frame: SseFrame = { data: redact(data), at: now() - exchange.startedAt };
    exchange.ndjson?.push(frame);
    emit({ type: 'ndjson-line', exchange, frame });
  };
  return {
    record(chunk) {
      if (bounds.noteBytes(chunk.byteLength)) return;
      const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
      rest = lines.pop() ?? '';
      lines.forEach(take);
    },
    finish() {
      take(rest + decoder.decode());
      endStreamedExchange(recording);
    },
    fail(error) {
      failStreamedExchange(recording, error);
    },
  };
}
