import type { RequestId } from '@modelcontextprotocol/client';
import type { ExchangeStop, RecordedExchange } from '../mcp/index.ts';
import type { StepId, HttpExchange, Step } from '../trace/index.ts';
import type { RequestTracker } from './request-tracker.ts';
import { syncSharedExchange, type StepFields, type TraceWriter } from './trace-writer.ts';

/**
 * What the parts of the MCP traffic recorder (mcp-traffic.ts) share: the state of one run's
 * recording, and how a message becomes a step tied to the HTTP exchange that carried it.
 */

/** What the traffic recorder attaches to an exchange before it leaves, to find it again. */
export type Outgoing = {
  stepId: StepId;
  /** The message as it left (edited, when the learner edited it). */
  payload: unknown;
  /** The client's own id and method, which an edit keeps. */
  requestId: RequestId | undefined;
  method: string | undefined;
  original?: unknown;
  /** The step's own title, when the step table's says too little. */
  title?: string;
  /** Why the request went when it did (noteNext). */
  note?: string;
};
export type Exchange = RecordedExchange<Outgoing>;

export type TrafficObserver = {
  /** A request left, or part of an answer to one arrived. */
  onActivity?: () => void;
  /** A JSON-RPC request of this method left (past the gate, on the wire). */
  onSent?: (method: string) => void;
  /** An answer ended (or broke) before the JSON-RPC response to its request was in it. */
  onUnanswered?: (reason: string | undefined) => void;
  /** The recorder stopped an answer itself (over a bound, or a redirect); progressFrames says how much of it was progress. */
  onStopped?: (stop: ExchangeStop, progressFrames: number) => void;
};

/**
 * What every part of the recorder shares: where steps go, what correlates them, and the
 * one HTTP record per live exchange that all of its steps hold.
 */
export type Recorder = {
  writer: TraceWriter;
  tracker: RequestTracker<Step>;
  observer: TrafficObserver;
  shared: Map<number, HttpExchange>;
  traceId: string;
  /** Set once the run is over: the title of the DELETE that ends its session. */
  endedRunTitle?: string;
  /** Notes waiting for the next request of a method (noteNext). */
  nextNotes: Map<string, string>;
};

/** The exchange's one shared HTTP record, brought up to date (headers, then the body or frames as they arrive). */
function shareHttp({ shared }: Recorder, exchange: Exchange): HttpExchange {
  const http = shared.get(exchange.exchangeId);
  if (http) return syncSharedExchange(http, exchange);
  const created = syncSharedExchange({ method: exchange.method, url: exchange.url, requestHeaders: {} }, exchange);
  shared.set(exchange.exchangeId, created);
  return created;
}

/** Appends a step, tied to the HTTP exchange that carried it when there is one (a stdio message has none). */
export function record(recorder: Recorder, exchange: Exchange | undefined, id: StepId, fields: StepFields): void {
  if (!exchange) {
    recorder.writer.append(id, fields);
    return;
  }
  recorder.tracker.attach(exchange.exchangeId, recorder.writer.append(id, { http: shareHttp(recorder, exchange), ...fields }));
}

/**
 * Tells the view the exchange's steps changed. They share one record, so only the
 * telling costs per step: at the answer's headers and end that is every step, for a frame
 * only the latest one (telling every step of a long stream at every frame is quadratic).
 */
export function refreshHttp(recorder: Recorder, exchange: Exchange, which: 'all' | 'latest'): void {
  const http = shareHttp(recorder, exchange);
  const steps = recorder.tracker.recordedFor(exchange.exchangeId);
  for (const step of which === 'all' ? steps : steps.slice(-1)) recorder.writer.update(step, { http });
}
