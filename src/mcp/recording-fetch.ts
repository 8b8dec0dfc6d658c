import type { FetchLike } from '@modelcontextprotocol/client';
import { collectSecretValues, createSecretRedactor, redactHeaderRecord, measureJsonTextDepth } from '../trace/index.ts';
import { CLOSED_BY_CALLER, ExchangeBounds, ExchangeStopped, describeExchangeStop, readBoundedText } from './exchange-bounds.ts';
import { readRedirect } from './read-redirect.ts';
import { redactHeaders, redactUrl } from './redact-secrets.ts';
import { linkSignals } from './link-signals.ts';
import { readOutgoingRequest } from './read-outgoing-request.ts';
import { createEventStreamRecorder, createLineRecorder, describeNetworkError, recordAlongside, type ExchangeRecording } from './stream-recorders.ts';
import type { ExchangeEvent, OutgoingRequest, RecordedAnswer, RecordedExchange, RecordingFetch, RecordingOptions } from './recorded-exchange.ts';

/**
 * Records every HTTP exchange that passes through a fetch function: request line,
 * headers, body, then status, headers and the body, or each SSE frame or NDJSON line as it arrives.
 * The MCP SDK's transport is given the wrapped fetch (the SDK itself is not patched),
 * and the host uses the same recorder for provider calls. This file is the recorder's
 * entry: its types and the header error are reached through it.
 */

export type {
  BeforeSend,
  ExchangeEvent,
  ExchangeListener,
  FetchLike,
  OutgoingRequest,
  RecordedAnswer,
  RecordedExchange,
  RecordingFetch,
  RecordingOptions,
} from './recorded-exchange.ts';
export { InvalidHeaderError } from './read-outgoing-request.ts';
export { REDACTED } from '../trace/index.ts';

let exchangeCounter = 0;

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

/** The exchange as first recorded, before it leaves: every text in it without the request's secrets. */
function openExchange<Context>({
  outgoing,
  body,
  context,
  options,
  now,
}: {
  outgoing: OutgoingRequest;
  body: string | undefined;
  context: Context | undefined;
  options: RecordingOptions<Context>;
  now: () => number;
}) {
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
    context,
    startedAt: now(),
  };
  return {
    exchange,
    redact,
    redactAddress: (url: string) => redactUrl(url, secrets),
    redactResponseHeaders: (headers: Headers) => redactHeaders(headers, { secrets, marked }),
  };
}

/** Which recorder reads a body as it streams, by its content type; a plain body is read whole. */
function pickStreamRecorder(response: Response) {
  const contentType = (response.headers.get('content-type') ?? '').toLowerCase();
  if (!response.body) return undefined;
  if (contentType.startsWith('text/event-stream')) return { field: 'sse', create: createEventStreamRecorder } as const;
  if (response.ok && contentType.startsWith('application/x-ndjson')) return { field: 'ndjson', create: createLineRecorder } as const;
  return undefined;
}

/** The exchange failed before its body was handed on: it says why, and the caller gets the error to throw. */
function failExchange<Context>({ exchange, emit, now, redact, bounds }: ExchangeRecording<Context>, error: unknown, timeoutFired: boolean): unknown {
  bounds.finish();
  if (bounds.stop) exchange.stopped = bounds.stop;
  exchange.error = bounds.closedByCaller
    ? CLOSED_BY_CALLER
    : redact(bounds.stop ? describeExchangeStop(bounds.stop) : describeNetworkError(error, timeoutFired));
  exchange.durationMs = now() - exchange.startedAt;
  emit({ type: 'error', exchange, error });
  return bounds.stop ? new ExchangeStopped(bounds.stop) : error;
}

type NetworkTimer = { stop: () => void; fired: () => boolean };

/**
 * The timeout covers the network only: from sending until the headers (or, for a plain
 * body, the whole body) arrive. A long-lived event stream is not cut by it.
 */
function startNetworkTimer(bounds: ExchangeBounds, timeoutMs: number | undefined): NetworkTimer {
  let fired = false;
  const timer = timeoutMs
    ? setTimeout(() => {
        fired = true;
        bounds.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'));
      }, timeoutMs)
    : undefined;
  return { stop: () => clearTimeout(timer), fired: () => fired };
}

/**
 * The answer's body: an event stream or NDJSON is handed on as it comes, each frame
 * recorded on its way; a plain body is read whole, within the bounds, before it is told.
 */
async function readAnswerBody<Context>(recording: ExchangeRecording<Context>, response: Response, timer: NetworkTimer): Promise<RecordedAnswer> {
  const { exchange, emit, now, redact, bounds } = recording;
  const streamed = pickStreamRecorder(response);
  if (streamed && response.body) {
    timer.stop();
    bounds.watchSilence();
    exchange[streamed.field] = [];
    emit({ type: 'response', exchange, close: () => bounds.close() });
    const recorded = recordAlongside(response.body, streamed.create(recording), bounds);
    return { kind: 'streamed', response: new Response(recorded, { status: response.status, statusText: response.statusText, headers: response.headers }) };
  }

  let text: string;
  try {
    // A body the connection broke in the middle of is kept as far as it came, so the exchange shows what arrived.
    text = await readBoundedText(response.body, bounds, (partial) => (exchange.responseBody = redact(partial)));
  } catch (error) {
    throw failExchange(recording, error, timer.fired());
  } finally {
    timer.stop();
  }
  exchange.responseBody = redact(text);
  // Read before the caller parses it: a body nested too deep is shown as text, never handed on.
  if (bounds.noteDepth(measureJsonTextDepth(text))) throw failExchange(recording, bounds.stop, false);
  bounds.finish();
  exchange.durationMs = now() - exchange.startedAt;
  emit({ type: 'response', exchange });
  emit({ type: 'end', exchange });
  return { kind: 'read', ok: response.ok, status: response.status, statusText: response.statusText, headers: response.headers, text };
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
  const outgoing = await readOutgoingRequest(input, init);
  const decision = (await options.beforeSend?.(outgoing)) ?? {};
  const body = decision.body ?? outgoing.body;
  const callerSignal = input instanceof Request ? input.signal : init?.signal;
  callerSignal?.throwIfAborted();

  const { exchange, redact, redactAddress, redactResponseHeaders } = openExchange({ outgoing, body, context: decision.context, options, now });
  const limits = typeof options.limits === 'function' ? options.limits(outgoing) : (options.limits ?? {});
  const bounds = new ExchangeBounds(limits, () => now() - exchange.startedAt);
  // The fetch's one signal is the bounds': the caller's abort and the timeout abort it too; the link is let go of when the exchange ends.
  const unlinkSignals = linkSignals(bounds, [callerSignal]);
  const emit = (event: ExchangeEvent<Context>) => {
    if (event.type === 'end' || event.type === 'error') unlinkSignals();
    options.listener?.(event);
  };
  const recording: ExchangeRecording<Context> = { exchange, emit, now, redact, bounds };
  emit({ type: 'request', exchange, close: () => bounds.close() });
  const fail = (error: unknown, timeoutFired: boolean) => failExchange(recording, error, timeoutFired);

  const timer = startNetworkTimer(bounds, options.timeoutMs);
  let response: Response;
  try {
    // A redirect would resend the message, and the headers a browser or Node keep (an
    // API key in x-api-key, the MCP session), to an address nobody chose: it is shown instead.
    response = await baseFetch(outgoing.url, {
      ...(input instanceof Request ? {} : init),
      method: outgoing.method,
      headers: outgoing.headers,
      body,
      signal: bounds.signal,
      redirect: 'manual',
    });
  } catch (error) {
    timer.stop();
    const failure = fail(error, timer.fired());
    // Closed before any answer came: the caller no longer waits for one, and is told nothing (see the 'request' event).
    if (bounds.closedByCaller) return new Promise<never>(() => {});
    throw failure;
  }

  // A browser's manual redirect is opaque: status 0, no headers, which no Response can be built from.
  if (response.status !== 0) exchange.status = response.status;
  exchange.statusText = redact(response.statusText);
  exchange.responseHeaders = redactResponseHeaders(response.headers);
  const redirect = readRedirect({ response, requestUrl: outgoing.url, redactUrl: redactAddress });
  if (redirect) {
    timer.stop();
    await response.body?.cancel().catch(() => {});
    const refused = bounds.refuse(redirect);
    fail(refused, false);
    throw refused;
  }

  return readAnswerBody(recording, response, timer);
}

/** A fetch function for a transport: every exchange recorded, every request held by beforeSend. */
export function createRecordingFetch<Context = unknown>(options: RecordingOptions<Context>): RecordingFetch {
  return (input, init) => performRecordedExchange(input, init, options);
}
