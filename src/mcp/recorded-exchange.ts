import type { FetchLike } from '@modelcontextprotocol/client';
import type { HttpExchange, SseFrame } from '../trace/index.ts';
import type { ExchangeLimits, ExchangeStop } from './exchange-bounds.ts';

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
  /**
   * The request left. `close` ends it while its answer's headers have not come (a server
   * that answers in JSON holds the POST until its result, and a cancelled call gets none):
   * the connection closes, the record ends as closed by the client, and the caller's fetch
   * never settles (an SDK client would read a rejected fetch as a transport error).
   */
  | { type: 'request'; exchange: RecordedExchange<Context>; close: () => void }
  /**
   * The answer's headers came. A streamed answer comes with `close`: the caller ends it
   * when it no longer needs it and the other side has not ended it (a cancelled call).
   * The connection closes, the record ends as closed by the client, and the caller's copy
   * of the body gets nothing more (see recordAlongside).
   */
  | { type: 'response'; exchange: RecordedExchange<Context>; close?: () => void }
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

/**
 * What a recorded exchange gives back: a streamed body (an event stream, NDJSON) to be
 * read as it arrives, or a plain body the recorder has already read whole.
 */
export type RecordedAnswer =
  { kind: 'streamed'; response: Response } | { kind: 'read'; ok: boolean; status: number; statusText: string; headers: Headers; text: string };
