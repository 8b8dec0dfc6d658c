import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import {
  SESSION_ALREADY_GONE,
  describeClientMessage,
  describeJsonRpcError,
  describeServerMessage,
  describeServerProgress,
  describeStreamAnswer,
} from '../content/traffic-wording.ts';
import type { BeforeSend, ExchangeEvent, ExchangeListener, OutgoingRequest, RecordedExchange } from '../mcp/recording-fetch.ts';
import type { StepId } from '../trace/steps.ts';
import type { Step } from '../trace/trace.ts';
import { applyLearnerEdit } from './apply-learner-edit.ts';
import { classifyHttpAnswer, classifyIncoming, classifyOutgoing, isBrokenAnswer, parseJsonBody, readJsonRpcMessage } from './classify-mcp-message.ts';
import type { Release } from './gate.ts';
import { RequestTracker } from './request-tracker.ts';
import { snapshotExchange, type PendingStep, type StepFields, type TraceWriter } from './trace-writer.ts';

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
};
type Exchange = RecordedExchange<Outgoing>;

export type McpTraffic = {
  beforeSend: BeforeSend<Outgoing>;
  listener: ExchangeListener<Outgoing>;
  /** Resolves once the answer to the latest request of this method is in the trace. */
  answered(method: string): Promise<void>;
};

export type TrafficObserver = {
  /** A request left, or part of an answer to one arrived. */
  onActivity?: () => void;
  /** An answer ended (or broke) before the JSON-RPC response to its request was in it. */
  onUnanswered?: (reason: string | undefined) => void;
};

/** The title a received message's step gets when the step table's own title says too little. */
function titleIncoming(message: JSONRPCMessage, stepId: StepId): { title?: string } {
  if ('method' in message) {
    if (stepId === 'server.progress') return { title: describeServerProgress(String(message.params?.message ?? message.params?.progress ?? '')) };
    if (stepId === 'mcp.notification') return { title: describeServerMessage(message.method) };
    return {};
  }
  return 'error' in message ? { title: describeJsonRpcError(message.error) } : {};
}

/** What every part of the recorder shares: where steps go, and what correlates them. */
type Recorder = { writer: TraceWriter; tracker: RequestTracker<Step>; observer: TrafficObserver };

function record({ writer, tracker }: Recorder, exchange: Exchange, id: StepId, fields: StepFields): void {
  tracker.attach(exchange.exchangeId, writer.append(id, fields));
}

/** The exchange's steps show its HTTP as it is now: headers, then the body or frames as they arrive. */
function refreshHttp({ writer, tracker }: Recorder, exchange: Exchange): void {
  for (const step of tracker.recordedFor(exchange.exchangeId)) writer.update(step, { http: snapshotExchange(exchange) });
}

function recordIncoming(recorder: Recorder, message: JSONRPCMessage, exchange: Exchange): void {
  const { tracker } = recorder;
  const answeredId = 'method' in message ? undefined : message.id;
  const stepId = classifyIncoming({ message, answers: answeredId === undefined ? undefined : tracker.requestStepOf(answeredId) });
  if (!stepId) return;
  record(recorder, exchange, stepId, { payload: message, ...titleIncoming(message, stepId) });
  if (answeredId !== undefined) tracker.noteAnswered(answeredId);
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
        http: snapshotExchange(exchange),
        ...(exchange.method === 'DELETE' ? { title: SESSION_ALREADY_GONE } : {}),
      });
      const id = exchange.context?.requestId;
      if (id !== undefined) recorder.tracker.noteAnswered(id);
      return;
    }
    case 'stream-status': {
      const outcome = describeStreamAnswer({ httpMethod: exchange.method, status: exchange.status ?? 0 });
      for (const step of recorder.tracker.recordedFor(exchange.exchangeId)) recorder.writer.update(step, { title: `${step.title}: ${outcome}` });
      return;
    }
    case 'messages': {
      const body = parseJsonBody(exchange.responseBody);
      for (const item of Array.isArray(body) ? body : body === undefined ? [] : [body]) {
        const message = readJsonRpcMessage(item);
        if (message) recordIncoming(recorder, message, exchange);
      }
      refreshHttp(recorder, exchange);
      return;
    }
    default: {
      const unexpected: never = answer;
      throw new Error(`Unknown HTTP answer ${String(unexpected)}`);
    }
  }
}

function settleExchange({ tracker, observer }: Recorder, exchange: Exchange): void {
  const id = exchange.context?.requestId;
  if (id === undefined) return;
  tracker.noteEnded(id);
  if (isBrokenAnswer({ httpMethod: exchange.method, eventStream: exchange.sse !== undefined, answered: tracker.isAnswered(id) })) {
    observer.onUnanswered?.(exchange.error);
  }
}

/** Holds a message the client sends at the gate, and applies the learner's edit to it. */
async function holdOutgoing(
  { writer, tracker }: Recorder,
  gate: (pending: PendingStep) => Promise<Release>,
  request: OutgoingRequest,
): Promise<{ context: Outgoing; body?: string }> {
  const message = readJsonRpcMessage(parseJsonBody(request.body));
  const stepId = classifyOutgoing({ httpMethod: request.method, message });
  const method = message && 'method' in message ? message.method : undefined;
  const requestId = message && 'id' in message ? message.id : undefined;
  let edited: Record<string, unknown> | undefined;
  // Every message the client sends waits at the gate; a GET only opens a channel for the server.
  if (request.method !== 'GET') {
    const pending = writer.describe(stepId, {
      payload: message,
      editable: request.method === 'POST' && message !== undefined,
      ...(stepId === 'mcp.request' ? { title: describeClientMessage(method ?? 'a message') } : {}),
    });
    edited = applyLearnerEdit({ message, edit: (await gate(pending)).payload });
  }
  if (requestId !== undefined && method) tracker.noteSent({ id: requestId, method, stepId });
  const context: Outgoing = { stepId, payload: edited ?? message, requestId, method, ...(edited ? { original: message } : {}) };
  return edited ? { context, body: JSON.stringify(edited) } : { context };
}

function recordEvent(recorder: Recorder, event: ExchangeEvent<Outgoing>): void {
  const { exchange } = event;
  const context = exchange.context;
  if (context?.requestId !== undefined) recorder.observer.onActivity?.();
  switch (event.type) {
    case 'request': {
      const stepId = context?.stepId ?? 'mcp.request';
      record(recorder, exchange, stepId, {
        payload: context?.payload ?? { httpMethod: exchange.method, url: exchange.url, headers: exchange.requestHeaders },
        http: snapshotExchange(exchange),
        ...(context?.original ? { edited: { original: context.original } } : {}),
        ...(stepId === 'mcp.request' ? { title: describeClientMessage(context?.method ?? exchange.method) } : {}),
      });
      break;
    }
    case 'response':
      refreshHttp(recorder, exchange);
      recordAnswer(recorder, exchange);
      break;
    case 'sse-frame': {
      const message = readJsonRpcMessage(parseJsonBody(event.frame.data));
      if (message) recordIncoming(recorder, message, exchange);
      refreshHttp(recorder, exchange);
      break;
    }
    case 'end':
    case 'error':
      refreshHttp(recorder, exchange);
      settleExchange(recorder, exchange);
      break;
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown exchange event ${JSON.stringify(unexpected)}`);
    }
  }
}

export function createMcpTraffic({
  writer,
  gate,
  observer = {},
}: {
  writer: TraceWriter;
  gate: (pending: PendingStep) => Promise<Release>;
  observer?: TrafficObserver;
}): McpTraffic {
  const recorder: Recorder = { writer, tracker: new RequestTracker<Step>(), observer };
  return {
    beforeSend: (request) => holdOutgoing(recorder, gate, request),
    listener: (event) => recordEvent(recorder, event),
    answered: (method) => recorder.tracker.settled(method),
  };
}
