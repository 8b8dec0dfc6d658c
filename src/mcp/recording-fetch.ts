import type { FetchLike } from '@modelcontextprotocol/client';
import { createParser } from 'eventsource-parser';
import type { HttpExchange, SseFrame } from '../trace/trace.ts';
import { collectSecretValues, createSecretRedactor, redactHeaderRecord } from '../trace/secrets.ts';
import { ExchangeBounds, ExchangeStopped, describeExchangeStop, readBoundedText, type ExchangeLimits, type ExchangeStop } from './exchange-bounds.ts';
import { readRedirect } from './read-redirect.ts';
import { measureJsonTextDepth } from '../trace/depth-bound.ts';
import { findInvalidHeader } from '../trace/http-header-rules.ts';
import { redactHeaders, redactUrl } from './redact-secrets.ts';
import { linkSignals } from './link-signals.ts';

/**
 * Records every HTTP exchange that passes through a fetch function: request line,
 * headers, body, then status, headers and the body, or each SSE frame or NDJSON line as it arrives.
 * The MCP SDK's transport is given the wrapped fetch (the SDK itself is not patched),
 * and the host uses the same recorder for provider calls.
 */

/** The fetch the SDK's transport takes; the recorder wraps one and gives one back. */
export type { FetchLike };

/** What the recorder accepts: a fetch's arguments, a Request object included. */
export type RecordingFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** `Context` is whatever the caller attached in beforeSend, typed by the caller. */
export type RecordedExchange<Context = unknown> = HttpExchange & {
  /** Order of the exchange within its recorder. */
  exchangeId: number;
  /** Whatever the caller attached in beforeSend, to find its own step again. */
  context?: Context;
  startedAt: number;
  /** Set when the recorder stopped the exchange itself: over a bound, or a redirect it does not follow. */
  stopped?: ExchangeStop;
};

export type ExchangeEvent<Context = unknown> =
  | { type: 'request'; exchange: RecordedExchange<Context> }
  | { type: 'response'; exchange: RecordedExchange<Context> }
  | { type: 'sse-frame'; exchange: RecordedExchange<Context>; frame: SseFrame }
  /** One line of an NDJSON body (Ollama streams so), recorded as it arrives. */
  | { type: 'ndjson-line'; exchange: RecordedExchange<Context>; frame: SseFrame }
  | { type: 'end'; exchange: RecordedExchange<Context> }
  | { type: 'error'; exchange: RecordedExchange<Context>; error: unknown };

export type ExchangeListener<Context = unknown> = (event: ExchangeEvent<Context>) => void;

export type OutgoingRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
};

/** Awaited before the request leaves: the place to pause, and to attach context. */
export type BeforeSend<Context = unknown> = (request: OutgoingRequest) => Promise<{ context?: Context; body?: string } | void>;

export type RecordingOptions<Context = unknown> = {
  fetch?: FetchLike;
  listener?: ExchangeListener<Context>;
  beforeSend?: BeforeSend<Context>;
  now?: () => number;
  /** Milliseconds the network part of one exchange may take (the pause does not count). */
  timeoutMs?: number;
  /**
   * Secret values known to the run (an API key, a header token), redacted wherever they
   * appear in what is recorded. The secrets a request carries in its own secret headers
   * and URL are added for its exchange without being named here.
   */
  secrets?: readonly string[];
  /** Header names the learner marked as secret, on top of the registry's. */
  secretHeaderNames?: readonly string[];
  /** The bounds of each exchange (time, frames, bytes), or how to choose them from the request. */
  limits?: ExchangeLimits | ((request: OutgoingRequest) => ExchangeLimits);
};

export { REDACTED } from '../trace/secrets.ts';

let exchangeCounter = 0;

async function readRequestObject(input: Request): Promise<OutgoingRequest> {
  const body = input.body ? await input.clone().text() : undefined;
  return { method: input.method, url: input.url, headers: Object.fromEntries(input.headers), body };
}

/**
 * A header the request cannot carry, found before fetch would throw its own TypeError,
 * which says neither which header nor why and reads like a network failure.
 */
export class InvalidHeaderError extends Error {
  override readonly name = 'InvalidHeaderError';
  constructor(
    readonly header: string,
    readonly problem: string,
  ) {
    super(`The header ${header} ${problem}.`);
  }
}

/** A fetch's arguments as a request; read at once, as every request the SDK and the host send comes so. */
function readRequestInit(input: string | URL, init: RequestInit | undefined): OutgoingRequest {
  // The SDK's transport hands over a Headers already (lowercase, sorted, joined); a record or a list is checked, then made one.
  if (init?.headers !== undefined && !(init.headers instanceof Headers)) {
    const invalid = findInvalidHeader(Array.isArray(init.headers) ? init.headers.map(([name = '', value = '']) => [name, value] as const) : Object.entries(init.headers));
    if (invalid) throw new InvalidHeaderError(invalid.name, invalid.problem);
  }
  const headers = init?.headers instanceof Headers ? init.headers : new Headers(init?.headers);
  const body = init?.body;
  if (body !== undefined && body !== null && typeof body !== 'string') {
    throw new TypeError('The recorder only sends string bodies, so that what is shown is exactly what is sent.');
  }
  return {
    method: (init?.method ?? 'GET').toUpperCase(),
    url: String(input),
    headers: Object.fromEntries(headers),
    body: body ?? undefined,
  };
}

/**
 * What a recorded exchange gives back: a streamed body (an event stream, NDJSON) to be
 * read as it arrives, or a plain body the recorder has already read whole.
 */
export type RecordedAnswer =
  | { kind: 'streamed'; response: Response }
  | { kind: 'read'; ok: boolean; status: number; statusText: string; headers: Headers; text: string };

/** Performs one fetch and records it; the returned Response is as readable as the original. */
export async function performRecordedExchange<Context = unknown>(
  input: string | URL | Request,
  init: RequestInit | undefined,
  options: RecordingOptions<Context>,
): Promise<Response> {
  const answer = await recordExchange(input, init, options);
  if (answer.kind === 'streamed') return answer.response;
  const nullBodyStatus = answer.status === 204 || answer.status === 205 || answer.status === 304;
  return new Response(nullBodyStatus ? null : answer.text, { status: answer.status, statusText: answer.statusText, headers: answer.headers });
}

/**
 * The same exchange for a caller that reads the body itself (the provider call): a plain
 * body comes back as the text the recorder read, not rebuilt into a Response to be read again.
 */
export async function recordExchange<Context = unknown>(
  input: string | URL | Request,
  init: RequestInit | undefined,
  options: RecordingOptions<Context>,
): Promise<RecordedAnswer> {
  const now = options.now ?? (() => Date.now());
  const baseFetch: FetchLike = options.fetch ?? ((url, requestInit) => globalThis.fetch(url, requestInit));
  const outgoing = input instanceof Request ? await readRequestObject(input) : readRequestInit(input, init);
  const decision = (await options.beforeSend?.(outgoing)) ?? {};
  const body = decision.body ?? outgoing.body;
  const callerSignal = input instanceof Request ? input.signal : init?.signal;
  callerSignal?.throwIfAborted();

  // A provider may echo the key back (in its body, a header, a 401 message): every
  // recorded text loses the secrets this request carries, not only the named headers.
  const marked = options.secretHeaderNames ?? [];
  const secrets = [...(options.secrets ?? []), ...collectSecretValues({ headers: outgoing.headers, url: outgoing.url, marked })];
  const redact = createSecretRedactor(secrets);
  const exchange: RecordedExchange<Context> = {
    exchangeId: ++exchangeCounter,
    method: outgoing.method,
    url: redactUrl(outgoing.url, secrets),
    // outgoing.headers came out of a Headers already (lowercase, sorted, joined): no second one is needed to read them.
    requestHeaders: redactHeaderRecord({ headers: outgoing.headers, secrets, marked }),
    requestBody: body === undefined ? undefined : redact(body),
    context: decision.context,
    startedAt: now(),
  };
  const limits = typeof options.limits === 'function' ? options.limits(outgoing) : (options.limits ?? {});
  const bounds = new ExchangeBounds(limits, () => now() - exchange.startedAt);
  // The fetch's one signal is the bounds': the caller's abort and the timeout abort it too; the link is let go of when the exchange ends.
  const unlinkSignals = linkSignals(bounds, [callerSignal]);
  const emit = (event: ExchangeEvent<Context>) => {
    if (event.type === 'end' || event.type === 'error') unlinkSignals();
    options.listener?.(event);
  };
  emit({ type: 'request', exchange });
  const fail = (error: unknown, timeoutFired: boolean) => {
    bounds.finish();
    if (bounds.stop) exchange.stopped = bounds.stop;
    exchange.error = redact(bounds.stop ? describeExchangeStop(bounds.stop) : describeNetworkError(error, timeoutFired));
    exchange.durationMs = now() - exchange.startedAt;
    emit({ type: 'error', exchange, error });
    return bounds.stop ? new ExchangeStopped(bounds.stop) : error;
  };

  // The timeout covers the network only: from sending until the headers (or, for a
  // plain body, the whole body) arrive. A long-lived event stream is not cut by it.
  let timedOut = false;
  const timer = options.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        bounds.abort(new DOMException(`No answer within ${options.timeoutMs} ms`, 'TimeoutError'));
      }, options.timeoutMs)
    : undefined;
  const stopTimer = () => clearTimeout(timer);
  let response: Response;
  try {
    response = await baseFetch(outgoing.url, {
      ...(input instanceof Request ? {} : init),
      method: outgoing.method,
      headers: outgoing.headers,
      body,
      signal: bounds.signal,
      // A redirect would resend the message, and the headers a browser or Node keep (an
      // API key in x-api-key, the MCP session), to an address nobody chose: it is shown instead.
      redirect: 'manual',
    });
  } catch (error) {
    stopTimer();
    throw fail(error, timedOut);
  }

  // A browser's manual redirect is opaque: status 0, no headers, which no Response can be built from.
  if (response.status !== 0) exchange.status = response.status;
  exchange.statusText = redact(response.statusText);
  exchange.responseHeaders = redactHeaders(response.headers, { secrets, marked });
  const redirect = readRedirect({ response, requestUrl: outgoing.url, redactUrl: (url) => redactUrl(url, secrets) });
  if (redirect) {
    stopTimer();
    await response.body?.cancel().catch(() => {});
    const refused = bounds.refuse(redirect);
    fail(refused, false);
    throw refused;
  }
  const contentType = response.headers.get('content-type') ?? '';

  if (response.body && contentType.toLowerCase().startsWith('text/event-stream')) {
    stopTimer();
    bounds.watchSilence();
    exchange.sse = [];
    emit({ type: 'response', exchange });
    const recorder = createEventStreamRecorder({ exchange, emit, now, redact, bounds });
    return { kind: 'streamed', response: new Response(recordAlongside(response.body, recorder), { status: response.status, statusText: response.statusText, headers: response.headers }) };
  }

  if (response.body && response.ok && contentType.toLowerCase().startsWith('application/x-ndjson')) {
    stopTimer();
    bounds.watchSilence();
    exchange.ndjson = [];
    emit({ type: 'response', exchange });
    const recorder = createLineRecorder({ exchange, emit, now, redact, bounds });
    return { kind: 'streamed', response: new Response(recordAlongside(response.body, recorder), { status: response.status, statusText: response.statusText, headers: response.headers }) };
  }

  let text: string;
  try {
    // A body the connection broke in the middle of is kept as far as it came, so the exchange shows what arrived.
    text = await readBoundedText(response.body, bounds, (partial) => (exchange.responseBody = redact(partial)));
  } catch (error) {
    throw fail(error, timedOut);
  } finally {
    stopTimer();
  }
  exchange.responseBody = redact(text);
  // Read before the caller parses it: a body nested too deep is shown as text, never handed on.
  if (bounds.noteDepth(measureJsonTextDepth(text))) throw fail(bounds.stop, false);
  bounds.finish();
  exchange.durationMs = now() - exchange.startedAt;
  emit({ type: 'response', exchange });
  emit({ type: 'end', exchange });
  return { kind: 'read', ok: response.ok, status: response.status, statusText: response.statusText, headers: response.headers, text };
}

/** What reads a streamed body as it passes: each chunk, then its end or its failure. */
type ChunkRecorder = {
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
 */
function recordAlongside(source: ReadableStream<Uint8Array>, recorder: ChunkRecorder): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            recorder.record(value);
            if (!cancelled) controller.enqueue(value);
          }
        } catch (error) {
          recorder.fail(error);
          if (!cancelled) controller.error(error);
          return;
        }
        recorder.finish();
        if (!cancelled) controller.close();
      })();
    },
    // Cancelling ends the read above (done), so the record ends as a plain fetch body's would.
    cancel(reason) {
      cancelled = true;
      return reader.cancel(reason);
    },
  });
}

/** How much of an event stream's body is kept while no event has been read in it. */
const UNFRAMED_KEPT = 2_000;

function createEventStreamRecorder<Context>({
  exchange,
  emit,
  now,
  redact,
  bounds,
}: {
  exchange: RecordedExchange<Context>;
  emit: ExchangeListener<Context>;
  now: () => number;
  redact: (text: string) => string;
  bounds: ExchangeBounds;
}): ChunkRecorder {
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
      bounds.finish();
      showUnframed();
      exchange.durationMs = now() - exchange.startedAt;
      emit({ type: 'end', exchange });
    },
    fail(error) {
      showUnframed();
      bounds.finish();
      if (bounds.stop) exchange.stopped = bounds.stop;
      exchange.durationMs = now() - exchange.startedAt;
      exchange.error = redact(bounds.stop ? describeExchangeStop(bounds.stop) : describeNetworkError(error, false));
      emit({ type: 'error', exchange, error });
    },
  };
}

/**
 * An NDJSON body line by line, each line a frame with its arrival time; a last line without
 * a line end counts too. Its lines are frames and its chunks bytes against the bounds, as
 * an event stream's are, and its end lets the exchange's clock go.
 */
function createLineRecorder<Context>({
  exchange,
  emit,
  now,
  redact,
  bounds,
}: {
  exchange: RecordedExchange<Context>;
  emit: ExchangeListener<Context>;
  now: () => number;
  redact: (text: string) => string;
  bounds: ExchangeBounds;
}): ChunkRecorder {
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
      bounds.finish();
      exchange.durationMs = now() - exchange.startedAt;
      emit({ type: 'end', exchange });
    },
    fail(error) {
      bounds.finish();
      if (bounds.stop) exchange.stopped = bounds.stop;
      exchange.durationMs = now() - exchange.startedAt;
      exchange.error = redact(bounds.stop ? describeExchangeStop(bounds.stop) : describeNetworkError(error, false));
      emit({ type: 'error', exchange, error });
    },
  };
}

function describeNetworkError(error: unknown, timedOut: boolean): string {
  if (timedOut) return 'TimeoutError: no answer in time';
  if (error instanceof Error) {
    const causeText = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.name}: ${error.message}${causeText}`;
  }
  return String(error);
}

/** A fetch function for a transport: every exchange recorded, every request held by beforeSend. */
export function createRecordingFetch<Context = unknown>(options: RecordingOptions<Context>): RecordingFetch {
  return (input, init) => performRecordedExchange(input, init, options);
}
