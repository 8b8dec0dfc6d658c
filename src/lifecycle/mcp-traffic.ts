import type { BeforeSend, ExchangeListener, RecordedExchange } from '../mcp/recording-fetch.ts';
import { readServerStage, type ServerStage } from '../mcp/server-report.ts';
import type { Release } from './gate.ts';
import type { Step } from '../trace/trace.ts';
import { snapshotExchange, type PendingStep, type TraceWriter } from './trace-writer.ts';

/**
 * Turns the MCP client's HTTP traffic into steps. Every outgoing JSON-RPC message is
 * held at the gate before it leaves; every message that comes back (a JSON body or
 * each SSE frame) becomes a step when it arrives. Nothing here is scripted: the
 * steps are whatever the SDK client and the server really sent.
 */

type JsonRpcMessage = {
  jsonrpc?: unknown;
  id?: string | number;
  method?: string;
  params?: { _meta?: unknown } & Record<string, unknown>;
  result?: unknown;
  error?: { code?: number; message?: string };
};

type OutgoingContext = { stepId: string; message: JsonRpcMessage | undefined; original?: JsonRpcMessage };

const REQUEST_STEP_BY_METHOD: Record<string, string> = {
  initialize: 'mcp.initialize.request',
  'notifications/initialized': 'mcp.initialized.notification',
  'server/discover': 'mcp.discover.request',
  'tools/list': 'mcp.tools-list.request',
  'tools/call': 'mcp.tools-call.request',
};

const RESPONSE_STEP_BY_REQUEST_STEP: Record<string, string> = {
  'mcp.initialize.request': 'mcp.initialize.response',
  'mcp.discover.request': 'mcp.discover.response',
  'mcp.tools-list.request': 'mcp.tools-list.response',
  'mcp.tools-call.request': 'mcp.tools-call.response',
  'mcp.request': 'mcp.response',
};

const STAGE_STEPS: Record<ServerStage, string> = {
  'registry-read': 'server.registry-read',
  'registry-lookup': 'server.registry-lookup',
  'validate-arguments': 'server.validate-arguments',
  execute: 'server.execute',
};

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function asMessage(value: unknown): JsonRpcMessage | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonRpcMessage) : undefined;
}

type Deferred = { promise: Promise<void>; resolve: () => void };
function createDeferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

export type McpTraffic = {
  beforeSend: BeforeSend;
  listener: ExchangeListener;
  /** Resolves once the answer to the latest request of this method is in the trace. */
  answered(method: string): Promise<void>;
};

export type TrafficObserver = {
  /** A request left, or part of an answer to one arrived. */
  onActivity?: () => void;
  /** An answer ended (or broke) before the JSON-RPC response to its request was in it. */
  onUnanswered?: (reason: string | undefined) => void;
};

export function createMcpTraffic({
  writer,
  gate,
  observer = {},
}: {
  writer: TraceWriter;
  gate: (pending: PendingStep) => Promise<Release>;
  observer?: TrafficObserver;
}): McpTraffic {
  const stepsByExchange = new Map<number, Step[]>();
  const requestStepById = new Map<string | number, string>();
  const answeredById = new Map<string | number, Deferred>();
  const latestIdByMethod = new Map<string, string | number>();

  const attach = (exchange: RecordedExchange, step: Step) => {
    const steps = stepsByExchange.get(exchange.exchangeId) ?? [];
    steps.push(step);
    stepsByExchange.set(exchange.exchangeId, steps);
  };
  const refreshHttp = (exchange: RecordedExchange) => {
    for (const step of stepsByExchange.get(exchange.exchangeId) ?? []) {
      writer.update(step, { http: snapshotExchange(exchange) });
    }
  };
  /** A GET or DELETE carries no JSON-RPC message; its status is the news, told in its own step. */
  const describeStreamAnswer = (exchange: RecordedExchange) => {
    const status = exchange.status ?? 0;
    const ok = status >= 200 && status < 300;
    const outcome =
      exchange.method === 'DELETE'
        ? ok
          ? `server answers ${status}: the session is over`
          : `server answers ${status}`
        : status === 405
          ? 'server answers 405: it keeps no session, so it has nothing to push'
          : ok
            ? `server answers ${status}: the stream is open`
            : `server answers ${status}`;
    for (const step of stepsByExchange.get(exchange.exchangeId) ?? []) {
      writer.update(step, { title: `${step.title}: ${outcome}` });
    }
  };
  const answeredIds = new Set<string | number>();
  const settleExchange = (exchange: RecordedExchange) => {
    const context = exchange.context as OutgoingContext | undefined;
    const id = context?.message?.id;
    if (id === undefined) return;
    answeredById.get(id)?.resolve();
    // Only an event stream that ends without the result is a broken answer; a refused
    // connection, an HTTP error or a body that is not JSON-RPC reaches the SDK as an error of
    // its own, which the host explains better.
    if (!answeredIds.has(id) && exchange.method === 'POST' && exchange.sse !== undefined) observer.onUnanswered?.(exchange.error);
  };
  const isRequestExchange = (exchange: RecordedExchange) => (exchange.context as OutgoingContext | undefined)?.message?.id !== undefined;

  const recordIncoming = (message: JsonRpcMessage, exchange: RecordedExchange) => {
    if (message.method === 'notifications/progress') {
      const stage = readServerStage(message.params?._meta);
      const step = writer.append(stage ? STAGE_STEPS[stage] : 'server.progress', {
        payload: message,
        ...(stage ? {} : { title: `Server reports progress: ${String(message.params?.message ?? message.params?.progress ?? '')}` }),
      });
      attach(exchange, step);
      return;
    }
    if (message.method !== undefined) {
      attach(exchange, writer.append('mcp.notification', { payload: message, title: `Server sends ${message.method}` }));
      return;
    }
    if (message.id === undefined) return;
    const requestStep = requestStepById.get(message.id) ?? 'mcp.request';
    const responseStep = RESPONSE_STEP_BY_REQUEST_STEP[requestStep] ?? 'mcp.response';
    const step = writer.append(responseStep, {
      payload: message,
      ...(message.error ? { title: `Server answers with a JSON-RPC error (${message.error.code ?? '?'}): ${message.error.message ?? ''}` } : {}),
    });
    attach(exchange, step);
    answeredIds.add(message.id);
    answeredById.get(message.id)?.resolve();
  };

  /**
   * A learner may edit a JSON-RPC message at the gate. Its id and method stay as the
   * client wrote them: the client waits for the answer to its own id, and would hang.
   */
  const applyEdit = (message: JsonRpcMessage | undefined, release: Release): JsonRpcMessage | undefined => {
    if (release.payload === undefined || typeof release.payload !== 'object' || release.payload === null || Array.isArray(release.payload)) return undefined;
    const edited = { ...(release.payload as JsonRpcMessage) };
    if (message?.id !== undefined) edited.id = message.id;
    if (message?.method !== undefined) edited.method = message.method;
    return edited;
  };

  const beforeSend: BeforeSend = async (request) => {
    const message = asMessage(parseJson(request.body));
    let stepId: string;
    if (request.method === 'GET') stepId = 'mcp.stream.open';
    else if (request.method === 'DELETE') stepId = 'mcp.session.delete';
    else stepId = (message?.method && REQUEST_STEP_BY_METHOD[message.method]) || 'mcp.request';
    let edited: JsonRpcMessage | undefined;
    // Every message the client sends waits at the gate; a GET only opens a channel for the server.
    if (request.method !== 'GET') {
      const pending = writer.describe(stepId, {
        payload: message,
        editable: request.method === 'POST' && message !== undefined,
        ...(stepId === 'mcp.request' ? { title: `Client sends ${message?.method ?? 'a message'}` } : {}),
      });
      edited = applyEdit(message, await gate(pending));
    }
    if (message?.id !== undefined && message.method) {
      answeredById.set(message.id, createDeferred());
      latestIdByMethod.set(message.method, message.id);
      requestStepById.set(message.id, stepId);
    }
    const context: OutgoingContext = { stepId, message: edited ?? message, ...(edited ? { original: message } : {}) };
    return edited ? { context, body: JSON.stringify(edited) } : { context };
  };

  const listener: ExchangeListener = (event) => {
    const { exchange } = event;
    if (isRequestExchange(exchange)) observer.onActivity?.();
    const context = exchange.context as OutgoingContext | undefined;
    switch (event.type) {
      case 'request': {
        const stepId = context?.stepId ?? 'mcp.request';
        const payload = context?.message ?? { httpMethod: exchange.method, url: exchange.url, headers: exchange.requestHeaders };
        attach(exchange, writer.append(stepId, {
          payload,
          http: snapshotExchange(exchange),
          ...(context?.original ? { edited: { original: context.original } } : {}),
          ...(stepId === 'mcp.request' ? { title: `Client sends ${context?.message?.method ?? exchange.method}` } : {}),
        }));
        break;
      }
      case 'response': {
        refreshHttp(exchange);
        if (exchange.status === 404 && exchange.requestHeaders['mcp-session-id']) {
          // The server no longer knows this session: the host will start a new one.
          attach(exchange, writer.append('mcp.session.expired', {
            payload: parseJson(exchange.responseBody) ?? null,
            http: snapshotExchange(exchange),
            ...(exchange.method === 'DELETE' ? { title: 'Server answers 404 to the DELETE: the session was already gone' } : {}),
          }));
          // This answer is complete as it is: the host starts a new session and asks again.
          const id = context?.message?.id;
          if (id !== undefined) answeredIds.add(id);
          break;
        }
        if (exchange.method !== 'POST') {
          describeStreamAnswer(exchange);
          break;
        }
        const body = parseJson(exchange.responseBody);
        const messages = Array.isArray(body) ? body : body === undefined ? [] : [body];
        for (const item of messages) {
          const message = asMessage(item);
          if (message && (message.result !== undefined || message.error !== undefined || message.method)) recordIncoming(message, exchange);
        }
        refreshHttp(exchange);
        break;
      }
      case 'sse-frame': {
        const message = asMessage(parseJson(event.frame.data));
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

  return {
    beforeSend,
    listener,
    answered: (method) => {
      const id = latestIdByMethod.get(method);
      return id === undefined ? Promise.resolve() : (answeredById.get(id)?.promise ?? Promise.resolve());
    },
  };
}
