import { beforeAll, describe, expect, it } from 'vitest';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import { requireWireInfo } from '../../src/providers/wire-catalog.ts';
import { TraceSchema, type Trace } from '../../src/trace/trace.ts';
import { buildExportFile } from '../../src/export/export-formats.ts';
import { formatOtlp } from '../../src/export/format-otlp.ts';
import { parseTraceparent } from '../../src/trace/trace-context.ts';
import { MOCK_MODEL, runMockLifecycle } from '../helpers/create-mock-run.ts';
import { QUESTION } from '../helpers/fixtures.ts';
import { HarSchema } from '../helpers/har-schema.ts';
import { OtlpTraceRequestSchema, readAttributes } from '../helpers/otlp-json-schema.ts';
import { readMermaidSequence } from '../helpers/read-mermaid-sequence.ts';
import { reserializeOfficially } from '../helpers/reserialize-otlp-officially.ts';
import { useServer } from '../helpers/use-server.ts';

/** The three exports of real runs: the engine against the built-in server and its mock model, over HTTP on loopback. */

const server = useServer();
const KEY = 'sk-export-test-secret-4242';

const readHar = (trace: Trace) => HarSchema.parse(JSON.parse(buildExportFile({ trace, format: 'har' }).text));
const readOtlp = (trace: Trace) => OtlpTraceRequestSchema.parse(JSON.parse(buildExportFile({ trace, format: 'otlp' }).text));
const spansOf = (trace: Trace) => readOtlp(trace).resourceSpans[0]!.scopeSpans[0]!.spans;
const requestMethod = (text: string | undefined) => (text ? (JSON.parse(text) as { method?: string }).method : undefined);

describe('exports of a run with the key sent to the model', () => {
  let trace: Trace;
  beforeAll(async () => {
    // A "real" provider at the mock's address: the key really travels, so the exports can be searched for it.
    const provider = {
      wire: 'openai-chat',
      kind: 'real' as const,
      baseUrl: `${server.url}${requireWireInfo('openai-chat').mockBasePath}`,
      model: MOCK_MODEL,
      apiKey: KEY,
    };
    trace = await createLifecycleRun({
      question: QUESTION,
      era: '2025-11-25',
      mcpUrl: `${server.url}/mcp`,
      provider,
      autoRelease: true,
      networkTimeoutMs: 10_000,
    }).start();
    expect(trace.status).toBe('complete');
  }, 30_000);

  it('HAR: one valid entry per exchange, in order, with bodies, event streams and timings', () => {
    const har = readHar(trace);
    const methods = har.log.entries.map((entry) => `${entry.request.method} ${requestMethod(entry.request.postData?.text) ?? ''}`.trim());
    expect(methods).toEqual(['POST initialize', 'POST notifications/initialized', 'GET', 'POST tools/list', 'POST', 'POST tools/call', 'POST']);
    const call = har.log.entries[5]!;
    expect(call.response.content.mimeType).toBe('text/event-stream');
    expect(call.response.content.text?.match(/^data: /gm)).toHaveLength(4);
    expect(call.response.content.text).toContain('Result: 12');
    expect(call.request.postData?.mimeType).toBe('application/json');
    expect(call.response.content.size).toBe(new TextEncoder().encode(call.response.content.text).length);
    const model = har.log.entries[4]!;
    expect(model.request.url).toBe(`${server.url}/mock/openai/v1/chat/completions`);
    expect(JSON.parse(model.response.content.text ?? '')).toMatchObject({ object: 'chat.completion' });
    expect(model.request.headers).toContainEqual({ name: 'authorization', value: '[redacted]' });
    const starts = har.log.entries.map((entry) => Date.parse(entry.startedDateTime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts[0]).toBeGreaterThanOrEqual(Date.parse(trace.startedAt));
  });

  it('OTLP: one trace, a root span for the run and a span per MCP message and model call, by the conventions', () => {
    const spans = spansOf(trace);
    const [root, ...children] = spans;
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    expect(new Set(spans.map((span) => span.spanId)).size).toBe(spans.length);
    expect(root!.parentSpanId).toBeUndefined();
    expect(children.every((span) => span.parentSpanId === root!.spanId)).toBe(true);
    expect(children.map((span) => span.name)).toEqual([
      'initialize',
      'notifications/initialized',
      'GET',
      'tools/list',
      `chat ${MOCK_MODEL}`,
      'tools/call add_numbers',
      `chat ${MOCK_MODEL}`,
    ]);
    const call = children[5]!;
    expect(call.kind).toBe(3);
    expect(readAttributes(call.attributes)).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'add_numbers',
      'mcp.protocol.version': '2025-11-25',
      'jsonrpc.request.id': '2',
      'network.transport': 'tcp',
      'server.address': '127.0.0.1',
      'server.port': String(server.port),
    });
    expect(call.events.map((event) => event.name)).toEqual([
      'mcp.tools-call.request',
      'server.registry-lookup',
      'server.validate-arguments',
      'server.execute',
      'mcp.tools-call.response',
    ]);
    const chat = readAttributes(children[4]!.attributes);
    expect(chat).toMatchObject({ 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'openai', 'gen_ai.request.model': MOCK_MODEL });
    expect(Number(chat['gen_ai.usage.input_tokens'])).toBeGreaterThan(0);
    expect(Number(chat['gen_ai.usage.output_tokens'])).toBeGreaterThan(0);
    const hostEvents = root!.events.map((event) => event.name);
    expect(hostEvents[0]).toBe('user.question');
    expect(hostEvents.at(-1)).toBe('host.answer');
    expect(hostEvents).toEqual(expect.arrayContaining(['host.translate-tools', 'llm.decide', 'host.translate-tool-call']));
    expect(root!.status.code).toBe(1);
  });

  it('OTLP: the official OpenTelemetry JS serializers, given the spans read from the file, write the same file', () => {
    const file = readOtlp(trace);
    const official = reserializeOfficially(file);
    expect(official.json).toEqual(file);
    expect(official.protobufBytes).toBeGreaterThan(500);
  });

  it('OTLP: the same trace gives the same ids, another run another trace id', async () => {
    expect(formatOtlp({ trace }).result).toEqual(formatOtlp({ trace: TraceSchema.parse(JSON.parse(JSON.stringify(trace))) }).result);
    const other = await runMockLifecycle({ serverUrl: server.url, wire: 'openai-chat' });
    expect(spansOf(other)[0]!.traceId).not.toBe(spansOf(trace)[0]!.traceId);
  }, 30_000);

  it('Mermaid: one statement per line, the five parts in the graph order, an arrow per message and a note per translation', () => {
    const statements = readMermaidSequence(buildExportFile({ trace, format: 'mermaid' }).text);
    expect(statements.filter((statement) => statement.type === 'participant').map((statement) => statement.label)).toEqual([
      'User',
      'Host',
      'MCP Client',
      'MCP Server',
      'LLM',
    ]);
    const messages = statements.filter((statement) => statement.type === 'message');
    expect(messages).toHaveLength(trace.steps.filter((step) => step.from !== step.to).length);
    expect(messages).toContainEqual({ type: 'message', from: 'client', arrow: '->>', to: 'server', label: '12 tools/call add_numbers' });
    const notes = statements.filter((statement) => statement.type === 'note').map((statement) => statement.label);
    expect(notes.filter((label) => label.startsWith('Translation #'))).toHaveLength(3);
  });

  it('no export holds the key', () => {
    for (const format of ['har', 'otlp', 'mermaid'] as const) expect(buildExportFile({ trace, format }).text, format).not.toContain(KEY);
  });
});

describe('exports of other runs', () => {
  it('a session: mcp.session.id on every MCP span after the handshake, the 404 as an error', async () => {
    const trace = await createLifecycleRun({
      question: QUESTION,
      era: '2025-11-25',
      mcpUrl: `${server.url}/mcp/sessions?expire-after=1`,
      provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${server.url}/mock/openai/v1`, model: MOCK_MODEL },
      autoRelease: true,
      networkTimeoutMs: 10_000,
    }).start();
    const mcp = spansOf(trace).filter((span) => !span.name.startsWith('chat') && span.parentSpanId);
    const sessions = mcp.map((span) => readAttributes(span.attributes)['mcp.session.id']);
    expect(sessions.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(sessions).size).toBe(2);
    const expired = mcp.find((span) => readAttributes(span.attributes)['mcp.session.id'] === sessions[0] && span.name === 'tools/call add_numbers');
    expect(expired?.status.code).toBe(2);
    expect(readHar(trace).log.entries.map((entry) => entry.request.method)).toContain('DELETE');
  }, 30_000);

  it.each([
    ['anthropic', 'anthropic'],
    ['gemini', 'gcp.gemini'],
    ['ollama', 'ollama'],
    ['openai-responses', 'openai'],
  ])(
    '%s: the provider name and the token counts of its own usage fields',
    async (wire, providerName) => {
      const trace = await runMockLifecycle({ serverUrl: server.url, wire, era: '2026-07-28' });
      const chats = spansOf(trace).filter((span) => span.name.startsWith('chat '));
      expect(chats).toHaveLength(2);
      for (const chat of chats) {
        const attributes = readAttributes(chat.attributes);
        expect(attributes['gen_ai.provider.name']).toBe(providerName);
        expect(Number(attributes['gen_ai.usage.input_tokens']), wire).toBeGreaterThan(0);
        expect(Number(attributes['gen_ai.usage.output_tokens']), wire).toBeGreaterThan(0);
      }
      const call = spansOf(trace).find((span) => span.name === 'tools/call add_numbers');
      expect(readAttributes(call!.attributes)['mcp.protocol.version']).toBe('2026-07-28');
      readHar(trace);
      readMermaidSequence(buildExportFile({ trace, format: 'mermaid' }).text);
    },
    30_000,
  );
});

/** Values a hostile server or a hand-written trace file can carry in a tool name, a title or a header. */
const HOSTILE = [
  'add; participant Evil',
  'add\nNote over host: injected',
  'x-->>user: fake',
  '%%{init: {"securityLevel": "loose"}}%%',
  '<img src=x onerror=alert(1)>',
  '# hash "double" \'single\' `tick` $$math$$',
  '\u001b]0;owned\u0007\u009b2J\u202eevil',
];

/** Every string of a value, and every string inside a JSON text, with the tool's name replaced. */
function replaceEverywhere(value: unknown, name: string): unknown {
  if (typeof value === 'string') {
    try {
      const inner: unknown = JSON.parse(value);
      if (typeof inner === 'object' && inner !== null) return JSON.stringify(replaceEverywhere(inner, name));
    } catch {
      // not JSON: a plain string
    }
    return value.replaceAll('add_numbers', () => name);
  }
  if (Array.isArray(value)) return value.map((item) => replaceEverywhere(item, name));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.replaceAll('add_numbers', () => name), replaceEverywhere(item, name)]));
  return value;
}

describe('exports of an imported trace with hostile names', () => {
  let recorded: Trace;
  beforeAll(async () => {
    recorded = await runMockLifecycle({ serverUrl: server.url, wire: 'openai-chat' });
  }, 30_000);

  it.each(HOSTILE)('%j stays a label: the diagram keeps its statements, HAR and OTLP stay valid and carry it intact', (name) => {
    const trace = TraceSchema.parse(replaceEverywhere(recorded, name));
    trace.steps[0]!.title = name;
    trace.steps.find((step) => step.http)!.http!.responseHeaders!['mcp-session-id'] = name;
    const plain = readMermaidSequence(buildExportFile({ trace: recorded, format: 'mermaid' }).text);
    const hostile = readMermaidSequence(buildExportFile({ trace, format: 'mermaid' }).text);
    expect(hostile.map((statement) => statement.type)).toEqual(plain.map((statement) => statement.type));
    const shown = name
      .replace(/[\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    expect(hostile).toContainEqual(expect.objectContaining({ type: 'message', label: expect.stringContaining(`tools/call ${shown}`.slice(0, 60)) }));
    const spans = spansOf(trace);
    expect(spans.map((span) => span.name)).toContain(`tools/call ${name}`);
    expect(readHar(trace).log.entries[0]!.response.headers).toContainEqual({ name: 'mcp-session-id', value: name });
    expect(reserializeOfficially(readOtlp(trace)).json).toEqual(readOtlp(trace));
    for (const format of ['har', 'otlp'] as const) expect(buildExportFile({ trace, format }).text).not.toMatch(/(?!\n)\p{Cc}|[\u202a-\u202e]/u);
  });

  it('the traceparents the host put in params._meta give their trace and span ids to the spans', () => {
    const sent = recorded.steps
      .filter((step) => step.http?.requestBody && step.from === 'client' && step.to === 'server')
      .map((step) => JSON.parse(step.http!.requestBody!) as { method: string; params?: { _meta?: { traceparent?: unknown } } })
      .map((message) => ({ method: message.method, context: parseTraceparent(message.params?._meta?.traceparent) }));
    expect(sent.length).toBeGreaterThan(3);
    const spans = spansOf(recorded);
    for (const { method, context } of sent) {
      expect(spans.every((span) => span.traceId === context?.traceId)).toBe(true);
      expect(spans.find((span) => span.spanId === context?.spanId)?.name.startsWith(method)).toBe(true);
    }
  });

  it('an imported trace that repeats a propagated span id still gets distinct span ids', () => {
    const trace = TraceSchema.parse(JSON.parse(JSON.stringify(recorded)));
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    for (const step of trace.steps) {
      if (!step.http?.requestBody) continue;
      const body = JSON.parse(step.http.requestBody) as { params?: { _meta?: Record<string, unknown> } };
      if (!body.params?._meta?.traceparent) continue;
      body.params._meta.traceparent = traceparent;
      step.http = { ...step.http, requestBody: JSON.stringify(body) };
    }
    const spans = spansOf(trace);
    expect(spans.every((span) => span.traceId === '4bf92f3577b34da6a3ce929d0e0e4736')).toBe(true);
    expect(new Set(spans.map((span) => span.spanId)).size).toBe(spans.length);
    expect(spans.filter((span) => span.spanId === '00f067aa0ba902b7')).toHaveLength(1);
  });
});
