import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { describeClientMessage } from '../content/index.ts';
import type { BeforeSend, ExchangeEvent, ExchangeListener, OutgoingRequest } from '../mcp/index.ts';
import type { Step } from '../trace/index.ts';
import { addTraceContext } from './add-trace-context.ts';
import { readBridgeFrameStep } from './bridge-frame-step.ts';
import { applyLearnerEdit } from './apply-learner-edit.ts';
import { classifyOutgoing, parseJsonBody, readJsonRpcMessage } from './classify-mcp-message.ts';
import type { Release } from './gate.ts';
import { noteCancellation, takeNote } from './outgoing-notes.ts';
import { RequestTracker } from './request-tracker.ts';
import type { PendingStep, TraceWriter } from './trace-writer.ts';
import { recordAnswer, recordIncoming, settleExchange } from './record-mcp-answers.ts';
import { record, refreshHttp, type Outgoing, type Recorder, type TrafficObserver } from './traffic-recorder.ts';

/**
 * Turns the MCP client's HTTP traffic into steps. Every outgoing JSON-RPC message is
 * held at the gate before it leaves; every message that comes back (a JSON body or
 * each SSE frame) becomes a step when it arrives (record-mcp-answers.ts). Nothing here is scripted: the
 * steps are whatever the SDK client and the server really sent.
 */

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

/** Holds a message the client sends at the gate, and applies the learner's edit to it. */
async function holdOutgoing(
  recorder: Recorder,
  gate: (pending: PendingStep) => Promise<Release>,
  request: OutgoingRequest,
): Promise<{ context: Outgoing; body?: string }> {
  const { writer, tracker, traceId, endedRunTitle } = recorder;
  if (endedRunTitle !== undefined && request.method === 'DELETE')
    return { context: { stepId: 'mcp.session.delete', payload: undefined, requestId: undefined, method: undefined, title: endedRunTitle } };
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
async function sendMessage(
  { writer, tracker, observer, traceId, nextNotes }: Recorder,
  gate: (pending: PendingStep) => Promise<Release>,
  written: JSONRPCMessage,
): Promise<JSONRPCMessage> {
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
