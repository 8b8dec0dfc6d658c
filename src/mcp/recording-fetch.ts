import type { FetchLike } from '@modelcontextprotocol/client';
import { createParser } from 'eventsource-parser';
import type { HttpExchange, SseFrame } from '../trace/trace.ts';
import { collectSecretValues, redactSecretValues } from '../trace/secrets.ts';
import { redactHeaders, redactUrl } from './redact-secrets.ts';

/**
 * Records every HTTP exchange that passes through a fetch function: request line,
 * headers, body, then status, headers and the body or each SSE frame as it arrives.
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
};

export type ExchangeEvent<Context = unknown> =
  | { type: 'request'; exchange: RecordedExchange<Context> }
  | { type: 'response'; exchange: RecordedExchange<Context> }
  | { type: 'sse-frame'; exchange: RecordedExchange<Context>; frame: SseFrame }
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
};

export { REDACTED } from '../trace/secrets.ts';

let exchangeCounter = 0;

async function readRequest(input: string | URL | Request, init: RequestInit | undefined): Promise<OutgoingRequest> {
  if (input instanceof Request) {
    const body = input.body ? await input.clone().text() : undefined;
    return { method: input.method, url: input.url, headers: Object.fromEntries(input.headers), body };
  }
  const headers = new Headers(init?.headers);
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

function combineSignals(signals: (AbortSignal | null | undefined)[]): AbortSignal | undefined {
  const present = signals.filter((signal): signal is AbortSignal => signal instanceof AbortSignal);
  if (present.length === 0) return undefined;
  if (present.length === 1) return present[0];
  return AbortSignal.any(present);
}

/** Performs one fetch and records it; the returned Response is as readable as the original. */
export async function performRecordedExchange<Context = unknown>(
  input: string | URL | Request,
  init: RequestInit | undefined,
  options: RecordingOptions<Context>,
): Promise<Response> {
  const now = options.now ?? (() => Date.now());
  const baseFetch: FetchLike = options.fetch ?? ((url, requestInit) => globalThis.fetch(url, requestInit));
  const outgoing = await readRequest(input, init);
  const decision = (await options.beforeSend?.(outgoing)) ?? {};
  const body = decision.body ?? outgoing.body;
  const callerSignal = input instanceof Request ? input.signal : init?.signal;
  callerSignal?.throwIfAborted();

  // A provider may echo the key back (in its body, a header, a 401 message): every
  // recorded text loses the secrets this request carries, not only the named headers.
  const marked = options.secretHeaderNames ?? [];
  const secrets = [...(options.secrets ?? []), ...collectSecretValues({ headers: outgoing.headers, url: outgoing.url, marked })];
  const redact = (text: string) => redactSecretValues({ text, secrets });
  const exchange: RecordedExchange<Context> = {
    exchangeId: ++exchangeCounter,
    method: outgoing.method,
    url: redactUrl(outgoing.url, secrets),
    requestHeaders: redactHeaders(new Headers(outgoing.headers), { secrets, marked }),
    requestBody: body === undefined ? undefined : redact(body),
    context: decision.context,
    startedAt: now(),
  };
  const emit = (event: ExchangeEvent<Context>) => options.listener?.(event);
  emit({ type: 'request', exchange });

  // The timeout covers the network only: from sending until the headers (or, for a
  // plain body, the whole body) arrive. A long-lived event stream is not cut by it.
  const timeout = new AbortController();
  const timer = options.timeoutMs
    ? setTimeout(() => timeout.abort(new DOMException(`No answer within ${options.timeoutMs} ms`, 'TimeoutError')), options.timeoutMs)
    : undefined;
  const stopTimer = () => clearTimeout(timer);
  let response: Response;
  try {
    response = await baseFetch(outgoing.url, {
      ...(input instanceof Request ? {} : init),
      method: outgoing.method,
      headers: outgoing.headers,
      body,
      signal: combineSignals([callerSignal, timeout.signal]),
    });
  } catch (error) {
    stopTimer();
    exchange.error = redact(describeNetworkError(error, timeout.signal));
    exchange.durationMs = now() - exchange.startedAt;
    emit({ type: 'error', exchange, error });
    throw error;
  }

  exchange.status = response.status;
  exchange.statusText = redact(response.statusText);
  exchange.responseHeaders = redactHeaders(response.headers, { secrets, marked });
  const contentType = response.headers.get('content-type') ?? '';

  if (response.body && contentType.toLowerCase().startsWith('text/event-stream')) {
    stopTimer();
    exchange.sse = [];
    emit({ type: 'response', exchange });
    const [forCaller, forRecorder] = response.body.tee();
    const recorder = forRecorder.getReader();
    void recordEventStream(recorder, exchange, emit, now, redact);
    return new Response(cancelTogether(forCaller, recorder), { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    exchange.error = redact(describeNetworkError(error, timeout.signal));
    exchange.durationMs = now() - exchange.startedAt;
    emit({ type: 'error', exchange, error });
    throw error;
  } finally {
    stopTimer();
  }
  exchange.responseBody = redact(text);
  exchange.durationMs = now() - exchange.startedAt;
  emit({ type: 'response', exchange });
  emit({ type: 'end', exchange });
  const nullBodyStatus = response.status === 204 || response.status === 205 || response.status === 304;
  return new Response(nullBodyStatus ? null : text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * Cancelling one branch of a tee waits until the other is cancelled too, so a caller
 * closing the stream would hang and leave the connection open. The caller's cancel
 * therefore ends the recording as well, as cancelling a plain fetch body would.
 */
function cancelTogether(forCaller: ReadableStream<Uint8Array>, recorder: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = forCaller.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel(reason) {
      await Promise.all([reader.cancel(reason), recorder.cancel(reason)]);
    },
  });
}

async function recordEventStream<Context>(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  exchange: RecordedExchange<Context>,
  emit: ExchangeListener<Context>,
  now: () => number,
  redact: (text: string) => string,
): Promise<void> {
  const parser = createParser({
    onEvent(message) {
      const frame: SseFrame = { data: redact(message.data), at: now() - exchange.startedAt };
      if (message.event !== undefined) frame.event = redact(message.event);
      if (message.id !== undefined) frame.id = redact(message.id);
      exchange.sse?.push(frame);
      emit({ type: 'sse-frame', exchange, frame });
    },
  });
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
    exchange.durationMs = now() - exchange.startedAt;
    emit({ type: 'end', exchange });
  } catch (error) {
    exchange.durationMs = now() - exchange.startedAt;
    exchange.error = redact(describeNetworkError(error, undefined));
    emit({ type: 'error', exchange, error });
  }
}

function describeNetworkError(error: unknown, timeoutSignal: AbortSignal | undefined): string {
  if (timeoutSignal?.aborted) return 'TimeoutError: no answer in time';
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
