import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/client';
import {
  SESSION_ALREADY_GONE,
  describeClientMessage,
  describeJsonRpcError,
  describeServerMessage,
  describeServerProgress,
  describeStreamAnswer,
} from '../content/traffic-wording.ts';
import type { BeforeSend, ExchangeListener, RecordedExchange } from '../mcp/recording-fetch.ts';
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

export function createMcpTraffic({
  writer,
  gate,
  observer = {},
}: {
  writer: TraceWriter;
  gate: (pending: PendingStep) => Promise<Release>;
  observer?: TrafficObserver;
}): McpTraffic {
  const tracker = new RequestTracker<Step>();
  const record = (exchange: Exchange, id: StepId, fields: StepFields) => {
    tracker.attach(exchange.exchangeId, writer.append(id, fields));
  };
  const refreshHttp = (exchange: Exchange) => {
    for (const step of tracker.recordedFor(exchange.exchangeId)) writer.update(step, { http: snapshotExchange(exchange) });
  };

  const recordIncoming = (message: JSONRPCMessage, exchange: Exchange) => {
    const answeredId = 'method' in message ? undefined : message.id;
    const stepId = classifyIncoming({ message, answers: answeredId === undefined ? undefined : tracker.requestStepOf(answeredId) });
    if (!stepId) return;
    record(exchange, stepId, { payload: message, ...titleIncoming(message, stepId) });
    if (answeredId !== undefined) tracker.noteAnswered(answeredId);
  };

  const recordAnswer = (exchange: Exchange) => {
    const sentSessionId = Boolean(exchange.requestHeaders['mcp-session-id']);
    const answer = classifyHttpAnswer({ httpMethod: exchange.method, status: exchange.status, sentSessionId });
    switch (answer) {
      case 'session-expired': {
        // The server no longer knows this session: the host will start a new one and ask again,
        // so this answer is complete as it is.
        record(exchange, 'mcp.session.expired', {
          payload: parseJsonBody(exchange.responseBody) ?? null,
          http: snapshotExchange(exchange),
          ...(exchange.method === 'DELETE' ? { title: SESSION_ALREADY_GONE } : {}),
        });
        const id = exchange.context?.requestId;
        if (id !== undefined) tracker.noteAnswered(id);
        return;
      }
      case 'stream-status': {
        const outcome = describeStreamAnswer({ httpMethod: exchange.method, status: exchange.status ?? 0 });
        for (const step of tracker.recordedFor(exchange.exchangeId)) writer.update(step, { title: `${step.title}: ${outcome}` });
        return;
      }
      case 'messages': {
        const body = parseJsonBody(exchange.responseBody);
        for (const item of Array.isArray(body) ? body : body === undefined ? [] : [body]) {
          const message = readJsonRpcMessage(item);
          if (message) recordIncoming(message, exchange);
        }
        refreshHttp(exchange);
        return;
      }
      default: {
        const unexpected: never = answer;
        throw new Error(`Unknown HTTP answer ${String(unexpected)}`);
      }
    }
  };

  const settleExchange = (exchange: Exchange) => {
    const id = exchange.context?.requestId;
    if (id === undefined) return;
    tracker.noteEnded(id);
    if (isBrokenAnswer({ httpMethod: exchange.method, eventStream: exchange.sse !== undefined, answered: tracker.isAnswered(id) })) {
      observer.onUnanswered?.(exchange.error);
    }
  };

  const beforeSend: BeforeSend<Outgoing> = async (request) => {
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
  };

  const listener: ExchangeListener<Outgoing> = (event) => {
    const { exchange } = event;
    const context = exchange.context;
    if (context?.requestId !== undefined) observer.onActivity?.();
    switch (event.type) {
      case 'request': {
        const stepId = context?.stepId ?? 'mcp.request';
        record(exchange, stepId, {
          payload: context?.payload ?? { httpMethod: exchange.method, url: exchange.url, headers: exchange.requestHeaders },
          http: snapshotExchange(exchange),
          ...(context?.original ? { edited: { original: context.original } } : {}),
          ...(stepId === 'mcp.request' ? { title: describeClientMessage(context?.method ?? exchange.method) } : {}),
        });
        break;
      }
      case 'response':
        refreshHttp(exchange);
        recordAnswer(exchange);
        break;
      case 'sse-frame': {
        const message = readJsonRpcMessage(parseJsonBody(event.frame.data));
        if (message) recordIncoming(message, exchange);
        refreshHttp(exchange);
        break;
      }
      case 'end':
      case 'error':
        refreshHttp(exchange);
        settleExchange(exchange);
        break;
      default: {
        const unexpected: never = event;
        throw new Error(`Unknown exchange event ${JSON.stringify(unexpected)}`);
      }
    }
  };

  return { beforeSend, listener, answered: (method) => tracker.settled(method) };
}
