import type { FieldChange, Trace, Warning } from '../trace/index.ts';
import { collectExchanges, isRecord, readJsonRpcMessages, readRunStart, type TracedExchange } from './collect-exchanges.ts';
import { parseTraceparent } from '../trace/index.ts';
import { deriveSpanId, deriveTraceId } from './derive-otlp-ids.ts';
import { EXPORT_CREATOR } from './export-creator.ts';
import { formatMcpSpan, formatProviderSpan, formatStepEvents, readProviderName, type SpanTiming } from './otlp-spans.ts';
import { SPAN_KIND, STATUS_CODE, toAttributes, toUnixNano, type OtlpSpan, type OtlpTraceRequest } from './otlp-types.ts';

/** The W3C trace context the host put in a request's params._meta, which a tracing server joins. */
function readPropagatedContext(message: Record<string, unknown> | undefined): { traceId: string; spanId: string } | undefined {
  const params = isRecord(message?.params) ? message.params : undefined;
  const meta = isRecord(params?._meta) ? params._meta : undefined;
  return parseTraceparent(meta?.traceparent);
}

/** The JSON-RPC messages a request carried; a GET or DELETE carries none and stays one span. */
function readRequestMessages(exchange: TracedExchange): (Record<string, unknown> | undefined)[] {
  const messages = readJsonRpcMessages(exchange.http.requestBody);
  return messages.length > 0 ? messages : [undefined];
}

function chooseTraceId({ trace, exchanges }: { trace: Trace; exchanges: TracedExchange[] }): string {
  for (const exchange of exchanges) {
    for (const message of readRequestMessages(exchange)) {
      const context = readPropagatedContext(message);
      if (context) return context.traceId;
    }
  }
  return deriveTraceId(`${trace.startedAt}\n${trace.mcp.url}\n${trace.question}`);
}

type SpanFrame = { trace: Trace; exchanges: TracedExchange[]; traceId: string; rootSpanId: string; toNano: (ms: number) => string };

/** A span per model call and per MCP message (a batch is one span per message), each under the run's root span. */
function formatExchangeSpans({ exchanges, trace, traceId, rootSpanId, toNano }: SpanFrame): OtlpSpan[] {
  const spans: OtlpSpan[] = [];
  const usedSpanIds = new Set<string>();
  exchanges.forEach((exchange, exchangeIndex) => {
    const startNano = toNano(exchange.startMs);
    const endNano = toNano(exchange.startMs + exchange.durationMs);
    const events = formatStepEvents({ steps: exchange.steps, toNano });
    if (exchange.kind === 'provider') {
      const timing: SpanTiming = {
        traceId,
        parentSpanId: rootSpanId,
        spanId: deriveSpanId({ traceId, name: `exchange:${exchangeIndex}` }),
        startNano,
        endNano,
      };
      spans.push(formatProviderSpan({ exchange, trace, timing, events }));
      return;
    }
    readRequestMessages(exchange).forEach((message, messageIndex) => {
      const propagated = readPropagatedContext(message);
      // A propagated id is kept only once: an imported file could repeat one, and two spans must never share an id.
      const reuse = propagated?.traceId === traceId && !usedSpanIds.has(propagated.spanId) && propagated.spanId !== rootSpanId;
      const spanId = reuse ? propagated.spanId : deriveSpanId({ traceId, name: `exchange:${exchangeIndex}:${messageIndex}` });
      usedSpanIds.add(spanId);
      const timing: SpanTiming = { traceId, parentSpanId: rootSpanId, spanId, startNano, endNano };
      spans.push(formatMcpSpan({ exchange, message, trace, timing, events: messageIndex === 0 ? events : [] }));
    });
  });
  return spans;
}

/** The run's root span, from its start to its last step or exchange, whose events are the host's own steps. */
function formatRootSpan({ trace, exchanges, traceId, rootSpanId, toNano }: SpanFrame): OtlpSpan {
  const lastMs = Math.max(0, ...trace.steps.map((step) => step.at), ...exchanges.map((exchange) => exchange.startMs + exchange.durationMs));
  const failed = trace.status === 'failed' || trace.status === 'aborted';
  const hostSteps = trace.steps.filter((step) => !step.http);
  return {
    traceId,
    spanId: rootSpanId,
    name: 'invoke_agent mcp-lifecycle-explorer-host',
    kind: SPAN_KIND.internal,
    startTimeUnixNano: toNano(0),
    endTimeUnixNano: toNano(lastMs),
    attributes: toAttributes({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'mcp-lifecycle-explorer-host',
      'gen_ai.provider.name': readProviderName(trace.model.wire),
      'gen_ai.request.model': trace.model.name,
      'mcp_lifecycle_explorer.question': trace.question,
      'mcp_lifecycle_explorer.answer': trace.answer ?? undefined,
      'mcp_lifecycle_explorer.status': trace.status,
      'mcp_lifecycle_explorer.model.kind': trace.model.kind,
      'mcp_lifecycle_explorer.model.wire': trace.model.wire,
      'mcp_lifecycle_explorer.mcp.era': trace.mcp.era,
      'error.type': failed ? trace.status : undefined,
    }),
    events: formatStepEvents({ steps: hostSteps, toNano }),
    status: failed
      ? { code: STATUS_CODE.error, message: `the run ${trace.status === 'failed' ? 'failed' : 'was stopped'}` }
      : trace.status === 'complete'
        ? { code: STATUS_CODE.ok }
        : { code: STATUS_CODE.unset },
  };
}

const OTLP_CHANGES: FieldChange[] = [
  {
    kind: 'moved',
    from: 'steps[].http',
    to: 'resourceSpans[0].scopeSpans[0].spans[]',
    note: 'one span per MCP message and per model call, under one root span for the run',
  },
  {
    kind: 'moved',
    from: 'steps[]',
    to: 'spans[].events[]',
    note: "a step becomes an event of its exchange's span; the host's own steps are events of the root span",
  },
  { kind: 'dropped', from: 'steps[].payload', note: 'OpenTelemetry spans carry names and attributes, not message bodies: the HAR export has those' },
];

/**
 * The run as OpenTelemetry spans (OTLP/JSON, one ExportTraceServiceRequest): a root span
 * for the run whose events are the host's own steps, and under it a span per MCP request
 * or notification and per model call, named and attributed by the MCP and GenAI semantic
 * conventions. Ids come from the trace, so the same trace always gives the same file;
 * when the host propagated a traceparent, its trace and span ids are kept, so the
 * server's own spans join these.
 */
export function formatOtlp({ trace }: { trace: Trace }): { result: OtlpTraceRequest; warnings: Warning[]; changes: FieldChange[] } {
  const start = readRunStart({ trace, dated: 'the spans' });
  const warnings: Warning[] = [...start.warnings];
  const toNano = (ms: number) => toUnixNano(start.epochMs + ms);
  const exchanges = collectExchanges({ trace });
  const traceId = chooseTraceId({ trace, exchanges });
  const frame: SpanFrame = { trace, exchanges, traceId, rootSpanId: deriveSpanId({ traceId, name: 'run' }), toNano };
  const result: OtlpTraceRequest = {
    resourceSpans: [
      {
        resource: { attributes: toAttributes({ 'service.name': EXPORT_CREATOR.name, 'service.version': EXPORT_CREATOR.version }) },
        scopeSpans: [{ scope: { ...EXPORT_CREATOR }, spans: [formatRootSpan(frame), ...formatExchangeSpans(frame)] }],
      },
    ],
  };
  return { result, warnings, changes: [...OTLP_CHANGES] };
}
