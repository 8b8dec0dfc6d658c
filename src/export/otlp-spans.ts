import type { Step, Trace } from '../trace/index.ts';
import { isRecord, readHeader, readJsonRpcMessages, readResponseMessages, type TracedExchange } from './collect-exchanges.ts';
import { readTokenUsage } from './read-token-usage.ts';
import { SPAN_KIND, STATUS_CODE, toAttributes, type AttributeValue, type OtlpEvent, type OtlpSpan } from './otlp-types.ts';

/** gen_ai.provider.name for each wire format (the GenAI conventions' well-known values). */
export function readProviderName(wire: string): string {
  if (wire.startsWith('openai')) return 'openai';
  if (wire === 'gemini') return 'gcp.gemini';
  return wire;
}

export function readServer(url: string): { 'server.address'?: string; 'server.port'?: number } {
  try {
    const parsed = new URL(url);
    const port = parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port);
    return { 'server.address': parsed.hostname.replace(/^\[|\]$/g, ''), 'server.port': port };
  } catch {
    return {};
  }
}

export type SpanTiming = { traceId: string; parentSpanId: string; spanId: string; startNano: string; endNano: string };

/** The steps an exchange carried, as events of its span: the request, the server's reports, the answer. */
export function formatStepEvents({ steps, toNano }: { steps: Step[]; toNano: (ms: number) => string }): OtlpEvent[] {
  return steps.map((step) => ({
    timeUnixNano: toNano(step.at),
    name: step.id,
    attributes: toAttributes({
      'mcp_lifecycle_explorer.step.number': step.n,
      'mcp_lifecycle_explorer.step.title': step.title,
      'mcp_lifecycle_explorer.step.phase': step.phase,
      'mcp_lifecycle_explorer.step.canonical': step.canonical ?? undefined,
      'mcp_lifecycle_explorer.step.from': step.from,
      'mcp_lifecycle_explorer.step.to': step.to,
      ...(step.translation
        ? {
            'mcp_lifecycle_explorer.translation.number': step.translation.number,
            'mcp_lifecycle_explorer.translation.warnings': step.translation.warnings.length,
          }
        : {}),
    }),
  }));
}

function httpStatus(exchange: TracedExchange): { code: number; message?: string } {
  const { status, error } = exchange.http;
  if (status === undefined) return { code: STATUS_CODE.error, message: error ?? 'no answer was recorded' };
  return status >= 400 ? { code: STATUS_CODE.error, message: `HTTP ${status}` } : { code: STATUS_CODE.unset };
}

/** A model call: `chat {model}`, attributed by the GenAI conventions. */
export function formatProviderSpan({
  exchange,
  trace,
  timing,
  events,
}: {
  exchange: TracedExchange;
  trace: Trace;
  timing: SpanTiming;
  events: OtlpEvent[];
}): OtlpSpan {
  const usage = readTokenUsage({ http: exchange.http });
  const reply = readJsonRpcMessages(exchange.http.responseBody)[0];
  const status = httpStatus(exchange);
  return {
    traceId: timing.traceId,
    spanId: timing.spanId,
    parentSpanId: timing.parentSpanId,
    name: `chat ${trace.model.name}`,
    kind: SPAN_KIND.client,
    startTimeUnixNano: timing.startNano,
    endTimeUnixNano: timing.endNano,
    attributes: toAttributes({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': readProviderName(trace.model.wire),
      'gen_ai.request.model': trace.model.name,
      'gen_ai.response.model': typeof reply?.model === 'string' ? reply.model : undefined,
      'gen_ai.response.id': typeof reply?.id === 'string' ? reply.id : undefined,
      'gen_ai.usage.input_tokens': usage.inputTokens,
      'gen_ai.usage.output_tokens': usage.outputTokens,
      'http.request.method': exchange.http.method,
      'http.response.status_code': exchange.http.status,
      'error.type': status.code === STATUS_CODE.error ? (exchange.http.status === undefined ? 'no_response' : String(exchange.http.status)) : undefined,
      ...readServer(exchange.http.url),
    }),
    events,
    status,
  };
}

type JsonRpcOutcome = { errorCode?: number; errorMessage?: string; toolError: boolean; protocolVersion?: string };

function readOutcome({ exchange, id }: { exchange: TracedExchange; id: unknown }): JsonRpcOutcome {
  const answer =
    id === undefined ? undefined : readResponseMessages(exchange.http).find((message) => message.id === id && ('result' in message || 'error' in message));
  const error = answer?.error;
  const result = answer?.result;
  const errorRecord = isRecord(error) ? error : undefined;
  const resultRecord = isRecord(result) ? result : undefined;
  return {
    ...(typeof errorRecord?.code === 'number' ? { errorCode: errorRecord.code } : {}),
    ...(typeof errorRecord?.message === 'string' ? { errorMessage: errorRecord.message } : {}),
    toolError: resultRecord?.isError === true,
    ...(typeof resultRecord?.protocolVersion === 'string' ? { protocolVersion: resultRecord.protocolVersion } : {}),
  };
}

/**
 * One MCP request or notification: `{mcp.method.name} {target}`, attributed by the MCP
 * conventions. A GET or DELETE carries no JSON-RPC message, so it is an HTTP span.
 */
export function formatMcpSpan({
  exchange,
  message,
  trace,
  timing,
  events,
}: {
  exchange: TracedExchange;
  message: Record<string, unknown> | undefined;
  trace: Trace;
  timing: SpanTiming;
  events: OtlpEvent[];
}): OtlpSpan {
  const { http } = exchange;
  const sessionId = readHeader(http.requestHeaders, 'mcp-session-id') ?? readHeader(http.responseHeaders, 'mcp-session-id');
  const common = { 'network.transport': 'tcp', 'network.protocol.name': 'http', 'mcp.session.id': sessionId, ...readServer(http.url) };
  const base = {
    traceId: timing.traceId,
    spanId: timing.spanId,
    parentSpanId: timing.parentSpanId,
    kind: SPAN_KIND.client,
    startTimeUnixNano: timing.startNano,
    endTimeUnixNano: timing.endNano,
    events,
  };
  const method = typeof message?.method === 'string' ? message.method : undefined;
  if (!message || method === undefined) {
    return {
      ...base,
      name: http.method,
      attributes: toAttributes({ 'http.request.method': http.method, 'url.full': http.url, 'http.response.status_code': http.status, ...common }),
      status: httpStatus(exchange),
    };
  }
  const params = isRecord(message.params) ? message.params : {};
  const target = (method === 'tools/call' || method === 'prompts/get') && typeof params.name === 'string' ? params.name : undefined;
  const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined;
  const outcome = readOutcome({ exchange, id });
  const failed = outcome.errorCode !== undefined || outcome.toolError || httpStatus(exchange).code === STATUS_CODE.error;
  const errorType =
    outcome.errorCode !== undefined
      ? String(outcome.errorCode)
      : outcome.toolError
        ? 'tool_error'
        : failed
          ? http.status === undefined
            ? 'no_response'
            : String(http.status)
          : undefined;
  const attributes: Record<string, AttributeValue> = {
    'mcp.method.name': method,
    'mcp.protocol.version': outcome.protocolVersion ?? readHeader(http.requestHeaders, 'mcp-protocol-version') ?? trace.mcp.protocolVersion ?? undefined,
    'jsonrpc.request.id': id === undefined ? undefined : String(id),
    'jsonrpc.protocol.version': typeof message.jsonrpc === 'string' ? message.jsonrpc : undefined,
    'gen_ai.operation.name': method === 'tools/call' ? 'execute_tool' : undefined,
    'gen_ai.tool.name': method === 'tools/call' ? target : undefined,
    'gen_ai.prompt.name': method === 'prompts/get' ? target : undefined,
    'rpc.response.status_code': outcome.errorCode === undefined ? undefined : String(outcome.errorCode),
    'error.type': errorType,
    ...common,
  };
  return {
    ...base,
    name: target === undefined ? method : `${method} ${target}`,
    attributes: toAttributes(attributes),
    status: failed
      ? { code: STATUS_CODE.error, message: outcome.errorMessage ?? (outcome.toolError ? 'the tool reported an error' : (httpStatus(exchange).message ?? '')) }
      : { code: STATUS_CODE.unset },
  };
}
