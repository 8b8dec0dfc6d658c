import { afterEach, describe, expect, it } from 'vitest';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import { buildExportFile } from '../../src/export/export-formats.ts';
import { requireWireInfo } from '../../src/providers/wire-catalog.ts';
import { parseTraceparent, type TraceContext } from '../../src/trace/trace-context.ts';
import type { Era, Trace } from '../../src/trace/trace.ts';
import { MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { OtlpTraceRequestSchema } from '../helpers/otlp-json-schema.ts';
import { startRecordingProxy, type RecordingProxy } from '../helpers/start-recording-proxy.ts';
import { startSdkV2Server, type ThirdPartyServer } from '../helpers/start-third-party-servers.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * W3C trace context on the wire: every MCP request and notification the host sends carries
 * params._meta.traceparent, the servers receive it, and the OTLP export of the same run
 * uses the very trace id and span ids they received, so a tracing server's spans join it.
 */

const server = useServer();
let proxy: RecordingProxy | undefined;
let thirdParty: ThirdPartyServer | undefined;
afterEach(async () => {
  await proxy?.close();
  await thirdParty?.close();
  proxy = thirdParty = undefined;
});

function runAgainst({ mcpUrl, era }: { mcpUrl: string; era: Era }): Promise<Trace> {
  const provider = { wire: 'openai-chat', kind: 'mock' as const, baseUrl: `${server.url}${requireWireInfo('openai-chat').mockBasePath}`, model: MOCK_MODEL };
  return createLifecycleRun({ question: QUESTION, era, mcpUrl, provider, autoRelease: true, networkTimeoutMs: 10_000 }).start();
}

type SentMessage = { method: string; context: TraceContext | undefined };

/** The JSON-RPC requests and notifications the server received, each with the trace context it carried. */
function readReceivedMessages(proxied: RecordingProxy): SentMessage[] {
  return proxied.exchanges
    .filter((exchange) => exchange.method === 'POST')
    .flatMap((exchange) => {
      const body: unknown = JSON.parse(exchange.requestBody);
      return (Array.isArray(body) ? body : [body]) as { method?: string; params?: { _meta?: { traceparent?: unknown } } }[];
    })
    .filter((message) => typeof message.method === 'string')
    .map((message) => ({ method: message.method!, context: parseTraceparent(message.params?._meta?.traceparent) }));
}

function readSpans(trace: Trace) {
  return OtlpTraceRequestSchema.parse(JSON.parse(buildExportFile({ trace, format: 'otlp' }).text)).resourceSpans[0]!.scopeSpans[0]!.spans;
}

describe('traceparent in params._meta', () => {
  it.each(['2025-11-25', '2026-07-28'] as const)(
    'our server receives it on every message in %s, and the OTLP spans carry the same ids',
    async (era) => {
      proxy = await startRecordingProxy(server.url);
      const trace = await runAgainst({ mcpUrl: `${proxy.url}/mcp`, era });
      expect(trace.status).toBe('complete');
      expect(trace.answer).toContain('12');
      const received = readReceivedMessages(proxy);
      expect(received.map((message) => message.method)).toEqual(
        era === '2025-11-25' ? ['initialize', 'notifications/initialized', 'tools/list', 'tools/call'] : ['server/discover', 'tools/list', 'tools/call'],
      );
      expect(received.every((message) => message.context !== undefined)).toBe(true);
      const traceIds = new Set(received.map((message) => message.context!.traceId));
      expect(traceIds.size).toBe(1);
      const spanIds = received.map((message) => message.context!.spanId);
      expect(new Set(spanIds).size).toBe(spanIds.length);

      const spans = readSpans(trace);
      expect(new Set(spans.map((span) => span.traceId))).toEqual(traceIds);
      for (const message of received) {
        const span = spans.find((candidate) => candidate.spanId === message.context!.spanId);
        expect(span?.name.startsWith(message.method), `${message.method} has the span its traceparent names`).toBe(true);
      }
    },
    30_000,
  );

  it('a v2 SDK server hands it to the tool in the request _meta, and the tools/call span is the parent it names', async () => {
    thirdParty = await startSdkV2Server();
    const trace = await runAgainst({ mcpUrl: thirdParty.url, era: '2026-07-28' });
    expect(trace.status).toBe('complete');
    expect(thirdParty.receivedToolMeta).toHaveLength(1);
    const context = parseTraceparent(thirdParty.receivedToolMeta[0]!.traceparent);
    expect(context).toBeDefined();
    const spans = readSpans(trace);
    expect(spans.every((span) => span.traceId === context!.traceId)).toBe(true);
    expect(spans.find((span) => span.spanId === context!.spanId)?.name).toBe('tools/call add');
  }, 30_000);

  it('a second run starts a trace of its own', async () => {
    const [first, second] = [
      await runAgainst({ mcpUrl: `${server.url}/mcp`, era: '2025-11-25' }),
      await runAgainst({ mcpUrl: `${server.url}/mcp`, era: '2025-11-25' }),
    ];
    expect(readSpans(first)[0]!.traceId).not.toBe(readSpans(second)[0]!.traceId);
  }, 30_000);
});
