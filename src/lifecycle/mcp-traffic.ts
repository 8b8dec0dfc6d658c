import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import {
  SESSION_ALREADY_GONE,
  describeClientMessage,
  describeStreamAnswer,
  describeReplayed,
  describeStreamCut,
  describeCancelledCallEnd,
} from '../content/traffic-wording.ts';
import { titleIncoming } from './incoming-titles.ts';
import { CLOSED_BY_CALLER, type ExchangeStop } from '../mcp/exchange-bounds.ts';
import type { BeforeSend, ExchangeEvent, ExchangeListener, OutgoingRequest, RecordedExchange } from '../mcp/recording-fetch.ts';
import type { StepId } from '../trace/steps.ts';
import type { HttpExchange, Step } from '../trace/trace.ts';
import { addTraceContext } from './add-trace-context.ts';
import { readBridgeFrameStep } from './bridge-frame-step.ts';
import { applyLearnerEdit } from './apply-learner-edit.ts';
import { classifyHttpAnswer, classifyIncoming, classifyOutgoing, findResumableEventId, isBrokenAnswer, parseJsonBody, readJsonRpcMessage } from './classify-mcp-message.ts';
import type { Release } from './gate.ts';
import { noteCancellation, takeNote } from './outgoing-notes.ts';
import { RequestTracker } from './request-tracker.ts';
import { syncSharedExchange, type PendingStep, type StepFields, type TraceWriter } from './trace-writer.ts';

/**
 * Turns the MCP client's HTTP traffic into steps. Every outgoing JSON-RPC message is
 * held at the gate before it leaves; every message that comes back (a JSON body or
 * each SSE frame) becomes a step when it arrives. Nothing here is scripted: the
 * steps are whatever the SDK client and the server really sent.
 */

/** What the traffic recorder attaches to an exchange before it leaves, to find it again. */
type Outgoing = {
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
type Exchange = RecordedExchange<Outgoing>;

/** The messages of a transport that is not HTTP (a stdio program the CLI starts), recorded as they are sent and received. */
export type MessageRecorder = {
  /** Holds the message at the gate, records it, and gives back what is to be sent (as the learner edited it). */
  send(message: JSONRPCMessage): Promise<JSONRPCMessage>;
  receive(message: JSONRPCMessage): void;
};

export type McpTraffic = {
  beforeSend: BeforeSend<Outgoing>;
  /** The same recording for messages that travel without HTTP. */
  messages: MessageRecorder;
  listener: ExchangeListener<Outgoing>;
  /** Resolves once the answer to the latest request of this method is in the trace. */
  answered(method: string): Promise<void>;
  /** Closes the open answer stream of the latest request of this method, if the client cancelled it; false when none was open. */
  closeCancelled(method: string): boolean;
  /**
   * The message that answered the latest request of this method, as it came over the wire:
   * for an answer the SDK client would not take (a 2026-07-28 task, which its version does
   * not know), the host reads what the server said here.
   */
  latestAnswer(method: string): unknown;
  /** A note for the step of the next request of this method the client sends (why it went when it did). */
  noteNext(method: string, note: string): void;
  /**
   * The run is over: a DELETE sent from now on ends the session the run leaves behind. It
   * passes no gate (there is no next step to wait for, and a reset run's gate is closed) and its step says why it went.
   */
  endRun(title: string): void;
};

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
type Recorder = {
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
function record(recorder: Recorder, exchange: Exchange | undefined, id: StepId, fields: StepFields): void {
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
function refreshHttp(recorder: Recorder, exchange: Exchange, which: 'all' | 'latest'): void {
  const http = shareHttp(recorder, exchange);
  const steps = recorder.tracker.recordedFor(exchange.exchangeId);
  for (const step of which === 'all' ? steps : steps.slice(-1)) recorder.writer.update(step, { http });
}

/** Records a message that came back; false when it is no step of its own. */
function recordIncoming(recorder: Recorder, message: JSONRPCMessage, exchange: Exchange | undefined): boolean {
  const { tracker } = recorder;
  const answeredId = 'method' in message ? undefined : message.id;
  const stepId = classifyIncoming({ message, answers: answeredId === undefined ? undefined : tracker.requestStepOf(answeredId) });
  if (!stepId) return false;
  const resumedFrom = exchange?.method === 'GET' ? exchange.requestHeaders['last-event-id'] : undefined;
  record(recorder, exchange, stepId, { payload: message, ...titleIncoming(message, stepId), ...(resumedFrom ? { note: describeReplayed(resumedFrom) } : {}) });
  if (answeredId !== undefined) tracker.noteAnswered(answeredId, message);
  return true;
}

function recordAnswer(recorder: Recorder, exchange: Exchange): void {
  const sentSessionId = Boolean(exchange.requestHeaders['mcp-session-id']);
  const answer = classifyHttpAnswer({ httpMethod: exchange.method, status: exchange.status, sentSessionId });
  switch (answer) {
    case 'session-expired': {
      // The server no longer knows this session: the host will start a new one and ask again,
      // so this answer is complete as it is.
      record(recorder, exchange, 'mcp.session.expired', {
        payload: parseJsonBody(exchange.responseBody) ?? null,
        ...(exchange.method === 'DELETE' ? { title: SESSION_ALREADY_GONE } : {}),
      });
      const id = exchange.context?.requestId;
      if (id !== undefined) recorder.tracker.noteAnswered(id);
      return;
    }
    case 'stream-status': {
      const resuming = exchange.method === 'GET' && exchange.requestHeaders['last-event-id'] !== undefined;
      const outcome = describeStreamAnswer({ httpMethod: exchange.method, status: exchange.status ?? 0, resuming });
      for (const step of recorder.tracker.recordedFor(exchange.exchangeId)) recorder.writer.update(step, { title: `${step.title}: ${outcome}` });
      return;
    }
    case 'messages': {
      const body = parseJsonBody(exchange.responseBody);
      for (const item of Array.isArray(body) ? body : body === undefined ? [] : [body]) {
        const message = readJsonRpcMessage(item);
        if (message) recordIncoming(recorder, message, exchange);
      }
      refreshHttp(recorder, exchange, 'all');
      return;
    }
    default: {
      const unexpected: never = answer;
      throw new Error(`Unknown HTTP answer ${String(unexpected)}`);
    }
  }
}

/** The answer of a cancelled call ended with no result: the server ended it, or the host closed it (CLOSED_BY_CALLER). */
function recordCallStopped(recorder: Recorder, exchange: Exchange, id: RequestId): void {
  const progressEvents = recorder.tracker.recordedFor(exchange.exchangeId).filter((step) => step.id === 'server.progress').length;
  const end = describeCancelledCallEnd({ endedByServer: exchange.error === undefined, closedByClient: exchange.error === CLOSED_BY_CALLER, answerBegan: exchange.status !== undefined, progressEvents });
  if (end) record(recorder, exchange, end.stepId, { payload: { requestId: id, progressEvents }, ...(end.title ? { title: end.title } : {}) });
}

function settleExchange(recorder: Recorder, exchange: Exchange): void {
  const { tracker, observer, shared } = recorder;
  if (exchange.stopped) {
    const progressFrames = tracker.recordedFor(exchange.exchangeId).filter((step) => step.id === 'server.progress').length;
    observer.onStopped?.(exchange.stopped, progressFrames);
  }
  const id = exchange.context?.requestId;
  if (id === undefined) {
    shared.delete(exchange.exchangeId);
    return;
  }
  if (isBrokenAnswer({ httpMethod: exchange.method, eventStream: exchange.sse !== undefined, answered: tracker.isAnswered(id), closedUnanswered: exchange.error === CLOSED_BY_CALLER && exchange.status === undefined })) {
    const lastEventId = findResumableEventId({ frames: exchange.sse, stopped: exchange.stopped !== undefined });
    if (tracker.isCancelled(id)) {
      // The client cancelled the call: a stream the server ends without the result is the server obeying, one the
      // host closed is said to be; one that broke otherwise was closed when the run ended: nothing to tell.
      recordCallStopped(recorder, exchange, id);
    } else if (lastEventId !== undefined) {
      // The SDK reconnects by itself and the answer comes on that stream: the request is not over.
      record(recorder, exchange, 'mcp.stream.cut', { payload: { lastEventId, eventsReceived: exchange.sse?.length ?? 0, ...(exchange.error ? { error: exchange.error } : {}) }, title: describeStreamCut(lastEventId) });
      shared.delete(exchange.exchangeId);
      return;
    } else {
      observer.onUnanswered?.(exchange.error);
    }
  }
  shared.delete(exchange.exchangeId);
  tracker.noteEnded(id);
}

/** Holds a message the client sends at the gate, and applies the learner's edit to it. */
async function holdOutgoing(
  recorder: Recorder,
  gate: (pending: PendingStep) => Promise<Release>,
  request: OutgoingRequest,
): Promise<{ context: Outgoing; body?: string }> {
  const { writer, tracker, traceId, endedRunTitle } = recorder;
  if (endedRunTitle !== undefined && request.method === 'DELETE') return { context: { stepId: 'mcp.session.delete', payload: undefined, requestId: undefined, method: undefined, title: endedRunTitle } };
  const written = readJsonRpcMessage(parseJsonBody(request.body));
  // The trace context goes in before the gate, so the learner sees (and may edit) what a tracing server receives.
  const message = written && addTraceContext({ message: written, traceId });
  const stepId = classifyOutgoing({ httpMethod: request.method, message, lastEventId: request.headers['last-event-id'] });
  const method = message && 'method' in message ? message.method : undefined;
  const requestId = message && 'id' in message ? message.id : undefined;
  let edited: Record<string, unknown> | undefined;
  // Every message the client sends waits at the gate; a GET only opens a channel for the server,
  // and a cancel is the learner's own Stop (holding it for another Next would let the tool run on).
  if (request.method !== 'GET' && method !== 'notifications/cancelled' && method !== 'tasks/cancel') {
    const pending = writer.describe(stepId, {
      payload: message,
      editable: request.method === 'POST' && message !== undefined,
      ...(stepId === 'mcp.request' ? { title: describeClientMessage(method ?? 'a message') } : {}),
    });
    edited = applyLearnerEdit({ message, edit: (await gate(pending)).payload });
  }
  if (requestId !== undefined && method) tracker.noteSent({ id: requestId, method, stepId });
  noteCancellation(tracker, edited ?? message);
  const note = takeNote(recorder.nextNotes, method);
  const context: Outgoing = { stepId, payload: edited ?? message, requestId, method, ...(edited ? { original: message } : {}), ...(note ? { note } : {}) };
  if (edited) return { context, body: JSON.stringify(edited) };
  return message !== written ? { context, body: JSON.stringify(message) } : { context };
}

function recordEvent(recorder: Recorder, event: ExchangeEvent<Outgoing>): void {
  const { exchange } = event;
  const context = exchange.context;
  if (context?.requestId !== undefined) recorder.observer.onActivity?.();
  switch (event.type) {
    case 'request': {
      if (context?.requestId !== undefined) recorder.tracker.noteOpenAnswer(context.requestId, event.close);
      const stepId = context?.stepId ?? 'mcp.request';
      if (context?.requestId !== undefined && context.method) recorder.observer.onSent?.(context.method);
      record(recorder, exchange, stepId, {
        payload: context?.payload ?? { httpMethod: exchange.method, url: exchange.url, headers: exchange.requestHeaders },
        ...(context?.original ? { edited: { original: context.original } } : {}),
        ...(stepId === 'mcp.request' ? { title: describeClientMessage(context?.method ?? exchange.method) } : {}),
        ...(context?.title ? { title: context.title } : {}),
        ...(context?.note ? { note: context.note } : {}),
      });
      break;
    }
    case 'response':
      if (event.close && context?.requestId !== undefined) recorder.tracker.noteOpenAnswer(context.requestId, event.close);
      refreshHttp(recorder, exchange, 'all');
      recordAnswer(recorder, exchange);
      break;
    case 'sse-frame': {
      const bridged = readBridgeFrameStep(event.frame, exchange.context?.stepId);
      if (bridged) {
        record(recorder, exchange, bridged.stepId, bridged.fields);
        break;
      }
      const message = readJsonRpcMessage(parseJsonBody(event.frame.data));
      // A frame that became a step reaches the view with that step.
      if (!message || !recordIncoming(recorder, message, exchange)) refreshHttp(recorder, exchange, 'latest');
      break;
    }
    case 'ndjson-line':
      // MCP never answers in NDJSON; the line is kept in the exchange like any body.
      refreshHttp(recorder, exchange, 'latest');
      break;
    case 'end':
    case 'error':
      refreshHttp(recorder, exchange, 'all');
      settleExchange(recorder, exchange);
      break;
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown exchange event ${JSON.stringify(unexpected)}`);
    }
  }
}

/** A message the client writes to a stdio server: held at the gate like a POST, then a step with no HTTP exchange. */
async function sendMessage({ writer, tracker, observer, traceId, nextNotes }: Recorder, gate: (pending: PendingStep) => Promise<Release>, written: JSONRPCMessage): Promise<JSONRPCMessage> {
  const message = addTraceContext({ message: written, traceId });
  const stepId = classifyOutgoing({ httpMethod: 'POST', message });
  const method = 'method' in message ? message.method : undefined;
  const requestId = 'id' in message ? message.id : undefined;
  const title = stepId === 'mcp.request' ? { title: describeClientMessage(method ?? 'a message') } : {};
  const edit = (await gate(writer.describe(stepId, { payload: message, editable: true, ...title }))).payload;
  const edited = readJsonRpcMessage(applyLearnerEdit({ message, edit }));
  const sent = edited ?? message;
  if (requestId !== undefined && method) tracker.noteSent({ id: requestId, method, stepId });
  observer.onActivity?.();
  const note = takeNote(nextNotes, method);
  writer.append(stepId, { payload: sent, ...title, ...(edited ? { edited: { original: message } } : {}), ...(note ? { note } : {}) });
  return sent;
}

export function createMcpTraffic({
  writer,
  gate,
  traceId,
  observer = {},
}: {
  writer: TraceWriter;
  gate: (pending: PendingStep) => Promise<Release>;
  /** The run's W3C trace id, propagated in every request's and notification's params._meta.traceparent. */
  traceId: string;
  observer?: TrafficObserver;
}): McpTraffic {
  const recorder: Recorder = { writer, tracker: new RequestTracker<Step>(), observer, shared: new Map(), traceId, nextNotes: new Map() };
  return {
    beforeSend: (request) => holdOutgoing(recorder, gate, request),
    messages: {
      send: (message) => sendMessage(recorder, gate, message),
      receive: (message) => {
        recorder.observer.onActivity?.();
        recordIncoming(recorder, message, undefined);
      },
    },
    listener: (event) => recordEvent(recorder, event),
    answered: (method) => recorder.tracker.settled(method),
    closeCancelled: (method) => recorder.tracker.closeCancelled(method),
    latestAnswer: (method) => recorder.tracker.latestAnswer(method),
    noteNext: (method, note) => recorder.nextNotes.set(method, note),
    endRun: (title) => {
      recorder.endedRunTitle = title;
    },
  };
}
