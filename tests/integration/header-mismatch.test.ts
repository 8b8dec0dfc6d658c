import { describe, expect, it } from 'vitest';
import { findEraRefusal, findScenario } from '../../src/content/scenarios.ts';
import { buildScenarioRunOptions } from '../../src/lifecycle/scenario-options.ts';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import type { Step, Trace } from '../../src/trace/trace.ts';
import { MOCK_BASE_PATH, MOCK_MODEL } from '../helpers/create-mock-run.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The header-mismatch scenario, for real: the host's tools/call says add_numbers in its body
 * and in Mcp-Name, the stale gateway in front of /mcp rewrites the header, and the SDK's
 * server refuses with HTTP 400 and -32020 before the tool runs. The v2 SDK client lists the
 * tools again and sends the call once more (its recovery for a header gone stale), the
 * gateway rewrites it again, and the model hears the error.
 */

const server = useServer();
const scenario = findScenario('header-mismatch')!;

function runScenario(mcpPath = scenario.mcpPath): Promise<Trace> {
  const options = buildScenarioRunOptions({
    scenario: { ...scenario, mcpPath },
    question: scenario.question,
    era: '2026-07-28',
    resolveAppPath: (path) => `${server.url}${path}`,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${server.url}${MOCK_BASE_PATH}`, model: MOCK_MODEL },
  });
  return createLifecycleRun({ ...options, autoRelease: true, networkTimeoutMs: 10_000 }).start();
}

const calls = (trace: Trace) => trace.steps.filter((step) => step.id === 'mcp.tools-call.request');
const errorCodeOf = (step: Step) => (step.http?.responseBody ? (JSON.parse(step.http.responseBody) as { error?: { code?: number } }).error?.code : undefined);

describe('header-mismatch: a header that disagrees with the body', () => {
  it('is refused by the server with 400 and -32020, each time the call is sent, and the model hears it', async () => {
    const trace = await runScenario();
    expect(trace.status).toBe('complete');
    const sent = calls(trace);
    // The host sent the call as the body says it; the SDK client sent it once more after listing the tools again.
    expect(sent).toHaveLength(2);
    for (const call of sent) {
      expect(call.http?.requestHeaders).toMatchObject({ 'mcp-method': 'tools/call', 'mcp-name': 'add_numbers' });
      expect(call.payload).toMatchObject({ params: { name: 'add_numbers' } });
      expect(call.http?.status).toBe(400);
      expect(errorCodeOf(call)).toBe(-32020);
    }
    const answers = trace.steps.filter((step) => step.id === 'mcp.tools-call.response');
    expect(answers).toHaveLength(2);
    for (const answer of answers)
      expect(answer.payload).toMatchObject({ error: { code: -32020, message: expect.stringContaining('the Mcp-Name header names "add"') } });
    const between = trace.steps.slice(trace.steps.indexOf(sent[0]!), trace.steps.indexOf(sent[1]!)).map((step) => step.id);
    expect(between).toContain('mcp.tools-list.request');
    expect(trace.steps.map((step) => step.id)).not.toContain('server.execute');
    expect(trace.answer).toContain('-32020');
  });

  it('is the gateway: the same run without it gets the sum', async () => {
    const trace = await runScenario('/mcp');
    expect(calls(trace)).toHaveLength(1);
    expect(calls(trace)[0]!.http?.status).toBe(200);
    expect(trace.answer).toContain('12');
  });

  it('is refused in 2025-11-25, which has no such headers', () => {
    expect(findEraRefusal(scenario, '2025-11-25')?.era).toBe('2026-07-28');
  });
});
