import { beforeAll, describe, expect, it } from 'vitest';
import { alignTraces } from '../../src/content/align-traces.ts';
import { attributeModelInput, isProviderRequest } from '../../src/content/attribute-model-input.ts';
import { answerPrediction, countModelCalls, isPredictionRight } from '../../src/content/predictions.ts';
import { readJsonField } from '../../src/content/read-json-field.ts';
import { findScenario } from '../../src/content/scenarios.ts';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import { requireWireInfo } from '../../src/providers/wire-catalog.ts';
import type { Trace } from '../../src/trace/trace.ts';
import type { Era } from '../../src/trace/vocabulary.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The lesson modes read real runs: the built-in server and the mock model over HTTP on
 * loopback. Each answer is checked against what the traffic says, not a stored key.
 */
const server = useServer();
const traces = new Map<string, Trace>();

function runScenario({ scenarioId, era, wire = 'openai-chat' }: { scenarioId: string; era: Era; wire?: string }): Promise<Trace> {
  const scenario = findScenario(scenarioId)!;
  return createLifecycleRun({
    question: scenario.question,
    era,
    mcpUrl: `${server.url}${scenario.mcpPath}`,
    provider: { wire, kind: 'mock', baseUrl: `${server.url}${requireWireInfo(wire).mockBasePath}`, model: scenario.mockModel },
    autoRelease: true,
    networkTimeoutMs: 10_000,
    ...(scenario.maxToolRounds ? { maxToolRounds: scenario.maxToolRounds } : {}),
  }).start();
}

beforeAll(async () => {
  for (const [key, scenarioId, era, wire] of [
    ['happy-2025', 'happy-path', '2025-11-25', 'openai-chat'],
    ['happy-2026', 'happy-path', '2026-07-28', 'openai-chat'],
    ['division-2025', 'division-by-zero', '2025-11-25', 'openai-chat'],
    ['unknown-2026', 'unknown-tool', '2026-07-28', 'openai-chat'],
    ['sessions-2025', 'sessions', '2025-11-25', 'openai-chat'],
    ['structured-gemini', 'structured-output', '2025-11-25', 'gemini'],
    ['structured-openai', 'structured-output', '2025-11-25', 'openai-chat'],
    ['two-rounds-anthropic', 'two-rounds', '2026-07-28', 'anthropic'],
  ] as const) {
    traces.set(key, await runScenario({ scenarioId, era, wire }));
  }
}, 60_000);

function indexOf(trace: Trace, id: string, from = 0): number {
  const index = trace.steps.findIndex((step, at) => at >= from && step.id === id);
  if (index < 0) throw new Error(`No ${id} in ${trace.steps.map((step) => step.id).join(', ')}`);
  return index;
}

describe('predicting the next step', () => {
  it('reads who sends, the method and the headers from the step really recorded next', () => {
    const trace = traces.get('happy-2026')!;
    const askedAt = indexOf(trace, 'host.translate-tool-call');
    const next = trace.steps[askedAt + 1]!;
    expect(next.id).toBe('mcp.tools-call.request');
    expect(answerPrediction({ steps: trace.steps, askedAt, kind: 'sender', finished: true })?.answer).toBe('MCP Client');
    expect(answerPrediction({ steps: trace.steps, askedAt, kind: 'method', finished: true })?.answer).toBe('tools/call');
    const headers = answerPrediction({ steps: trace.steps, askedAt, kind: 'headers', finished: true })!;
    expect(headers.answer).toBe('mcp-protocol-version, mcp-method, mcp-name');
    expect(next.http?.requestHeaders['mcp-name']).toBe('add_numbers');
    expect(isPredictionRight({ kind: 'headers', given: 'mcp-name, MCP-Method, mcp-protocol-version', answer: headers.answer })).toBe(true);
    expect(isPredictionRight({ kind: 'headers', given: 'mcp-protocol-version', answer: headers.answer })).toBe(false);
  });

  it('gives the same question a different answer in the other era (no Mcp-Method in 2025-11-25)', () => {
    const trace = traces.get('happy-2025')!;
    const askedAt = indexOf(trace, 'host.translate-tool-call');
    expect(answerPrediction({ steps: trace.steps, askedAt, kind: 'headers', finished: true })?.answer).toBe('mcp-protocol-version');
    const afterHandshake = answerPrediction({ steps: trace.steps, askedAt: indexOf(trace, 'host.start-discovery'), kind: 'method', finished: true });
    expect(afterHandshake?.answer).toBe('initialize');
  });

  it('names an answer by the method of the request it answers, matched by id', () => {
    const trace = traces.get('happy-2025')!;
    const askedAt = indexOf(trace, 'server.registry-read');
    expect(trace.steps[askedAt + 1]!.id).toBe('mcp.tools-list.response');
    expect(answerPrediction({ steps: trace.steps, askedAt, kind: 'method', finished: true })?.answer).toBe('tools/list');
    expect(answerPrediction({ steps: trace.steps, askedAt: indexOf(trace, 'client.tools-to-host'), kind: 'method', finished: true })?.answer).toBe(
      'no MCP message',
    );
  });

  it('tells an isError result from a success and from a JSON-RPC error by the real answer', () => {
    const division = traces.get('division-2025')!;
    const divisionAnswer = division.steps[indexOf(division, 'mcp.tools-call.response')]!;
    expect(
      answerPrediction({ steps: division.steps, askedAt: indexOf(division, 'host.translate-tool-call'), kind: 'error-kind', finished: true })?.answer,
    ).toBe(JSON.stringify(divisionAnswer.payload).includes('"isError":true') ? 'an isError result' : 'a success');
    expect(JSON.stringify(divisionAnswer.payload)).toContain('"isError":true');
    const happy = traces.get('happy-2025')!;
    expect(answerPrediction({ steps: happy.steps, askedAt: indexOf(happy, 'host.translate-tool-call'), kind: 'error-kind', finished: true })?.answer).toBe(
      'a success',
    );
    const unknown = traces.get('unknown-2026')!;
    const unknownAnswer = unknown.steps.find((step) => step.id === 'mcp.tools-call.response')!;
    const expected = JSON.stringify(unknownAnswer.payload).includes('"error":{') ? 'a JSON-RPC error' : 'an isError result';
    expect(answerPrediction({ steps: unknown.steps, askedAt: indexOf(unknown, 'host.translate-tool-call'), kind: 'error-kind', finished: true })?.answer).toBe(
      expected,
    );
    // After the last tools/call answer there is none to come.
    expect(answerPrediction({ steps: happy.steps, askedAt: indexOf(happy, 'client.result-to-host'), kind: 'error-kind', finished: true })?.answer).toBe(
      'no tools/call answer',
    );
    expect(answerPrediction({ steps: happy.steps, askedAt: indexOf(happy, 'client.result-to-host'), kind: 'error-kind', finished: false })).toBeNull();
  });

  it('counts the model calls the run really made, and waits while the next step is not recorded', () => {
    const trace = traces.get('two-rounds-anthropic')!;
    const last = trace.steps.length - 1;
    expect(countModelCalls({ steps: trace.steps, index: last })).toBe(
      trace.steps.filter((step) => step.to === 'llm' && step.from === 'host' && step.http).length,
    );
    expect(countModelCalls({ steps: trace.steps, index: last })).toBeGreaterThanOrEqual(3);
    expect(answerPrediction({ steps: trace.steps, askedAt: indexOf(trace, 'host.translate-tools'), kind: 'model-calls', finished: true })?.answer).toBe('1');
    expect(answerPrediction({ steps: trace.steps, askedAt: last, kind: 'sender', finished: true })).toBeNull();
  });

  it('reads the session header where a 2025-11-25 session has one', () => {
    const trace = traces.get('sessions-2025')!;
    const askedAt = indexOf(trace, 'host.translate-tool-call');
    const answer = answerPrediction({ steps: trace.steps, askedAt, kind: 'headers', finished: true })!;
    expect(answer.answer).toContain('mcp-session-id');
    expect(answer.answer).toContain('mcp-protocol-version');
  });
});

describe('aligning the two eras', () => {
  it('pairs the shared steps, leaves each era its own, and names the header and _meta differences', () => {
    const left = traces.get('happy-2025')!;
    const right = traces.get('happy-2026')!;
    const rows = alignTraces({ left: left.steps, right: right.steps, leftLabel: '2025-11-25', rightLabel: '2026-07-28' });
    // Every step of both runs appears once, in its own order.
    expect(rows.flatMap((row) => (row.left ? [row.left.n] : []))).toEqual(left.steps.map((step) => step.n));
    expect(rows.flatMap((row) => (row.right ? [row.right.n] : []))).toEqual(right.steps.map((step) => step.n));
    const leftOnly = rows.filter((row) => row.right === null).map((row) => row.left!.id);
    const rightOnly = rows.filter((row) => row.left === null).map((row) => row.right!.id);
    expect(leftOnly).toEqual(['mcp.initialize.request', 'mcp.initialize.response', 'mcp.initialized.notification', 'mcp.stream.open']);
    // 2026-07-28's tools/list says how long it stays fresh: before the second model request the host says it still is.
    expect(rightOnly).toEqual(['mcp.discover.request', 'mcp.discover.response', 'host.tools-list-fresh']);
    const call = rows.find((row) => row.left?.id === 'mcp.tools-call.request')!;
    expect(call.right?.id).toBe('mcp.tools-call.request');
    expect(call.differences.join('\n')).toContain('2026-07-28 sends the mcp-method header (tools/call)');
    expect(call.differences.join('\n')).toContain('mcp-name header (add_numbers)');
    expect(call.differences.join('\n')).toContain('mcp-protocol-version is 2025-11-25 in 2025-11-25, 2026-07-28 in 2026-07-28');
    expect(call.differences.join('\n')).toContain('io.modelcontextprotocol/protocolVersion');
    // The handshake took ids in 2025-11-25 only when the two runs' ids really differ.
    const leftId = readJsonField(call.left!.payload, 'id');
    const rightId = readJsonField(call.right!.payload, 'id');
    expect(call.differences.some((line) => line.startsWith('The JSON-RPC id'))).toBe(leftId !== rightId);
    const question = rows.find((row) => row.left?.id === 'user.question')!;
    expect(question.differences).toEqual([]);
  });
});

describe('what the model sees', () => {
  function partsOf(trace: Trace, id: string, from = 0) {
    const index = indexOf(trace, id, from);
    expect(isProviderRequest(trace.steps[index]!)).toBe(true);
    return attributeModelInput({ steps: trace.steps, index })!;
  }

  it('credits the question, the tool description and the schema in the first request', () => {
    const trace = traces.get('happy-2025')!;
    const seen = partsOf(trace, 'provider.request');
    expect(seen.parts.find((part) => part.text === 'What is 5 plus 7?')?.origin).toBe('question');
    expect(seen.parts.find((part) => part.text === 'Adds two numbers')?.origin).toBe('tool-description');
    expect(seen.parts.find((part) => part.text === 'add_numbers')?.origin).toBe('tool-description');
    expect(seen.parts.find((part) => part.text === 'The first number')?.origin).toBe('tool-schema');
    expect(seen.parts.find((part) => part.text === 'mock-model-deterministic')?.origin).toBe('host');
    expect(seen.parts.find((part) => part.text === 'What is 5 plus 7?')?.tokens).toBe(Math.ceil('"What is 5 plus 7?"'.length / 4));
    expect(seen.bodyTokens).toBe(Math.ceil(trace.steps[indexOf(trace, 'provider.request')]!.http!.requestBody!.length / 4));
    expect(seen.structureTokens + seen.totals.reduce((sum, total) => sum + total.tokens, 0)).toBe(seen.bodyTokens);
  });

  it("credits the tool result's text and the model's own call in the follow-up, and names the _meta left out", () => {
    const trace = traces.get('happy-2026')!;
    const seen = partsOf(trace, 'host.translate-tool-result');
    expect(seen.parts.find((part) => part.text === 'Result: 12')?.origin).toBe('tool-result');
    expect(seen.parts.find((part) => part.text === '{"a":5,"b":7}')?.origin).toBe('model-output');
    expect(seen.leftOut.map((entry) => `${entry.what} from ${entry.from}`)).toContain('_meta from a tools/call result');
    expect(seen.leftOut.find((entry) => entry.from === 'a tools/call result')?.detail).toContain('io.modelcontextprotocol/serverInfo');
  });

  it('names the output schema left out where the wire has no place for it, and not where it has one (Gemini)', () => {
    for (const [key, carriesSchema] of [
      ['structured-openai', false],
      ['structured-gemini', true],
    ] as const) {
      const trace = traces.get(key)!;
      const index = indexOf(trace, 'host.translate-tool-result');
      const seen = attributeModelInput({ steps: trace.steps, index })!;
      const tools = readJsonField(readJsonField(trace.steps[indexOf(trace, 'mcp.tools-list.response')]!.payload, 'result'), 'tools');
      const convert = Array.isArray(tools) ? tools.find((tool) => readJsonField(tool, 'name') === 'convert_units') : undefined;
      const outputSchema = readJsonField(convert, 'outputSchema');
      expect(outputSchema).toBeDefined();
      expect(trace.steps[index]!.http!.requestBody!.includes(JSON.stringify(outputSchema))).toBe(carriesSchema);
      expect(seen.leftOut.some((entry) => entry.what === 'outputSchema' && entry.from === 'tool convert_units (tools/list)')).toBe(!carriesSchema);
      // The converted length reaches the model as the result's text, credited to the tool.
      expect(seen.parts.some((part) => part.origin === 'tool-result' && part.text.includes('"unit":"miles"'))).toBe(true);
    }
  });
});
