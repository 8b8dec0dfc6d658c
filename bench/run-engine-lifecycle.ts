import { createLifecycleRun } from '../src/lifecycle/engine.ts';
import type { Trace } from '../src/trace/trace.ts';

/** One lifecycle through the host engine, as the CLI runs it: every gate open, the built-in mock model. */

export const BENCH_QUESTION = 'What is 5 plus 7?';
export const EXPECTED_ANSWER = '5 plus 7 is 12.';
export const MOCK_MODEL = 'mock-model-deterministic';

export type EngineLifecycleInput = {
  /** The bench server: its mock model, and its /mcp unless mcpUrl names another MCP server. */
  serverUrl: string;
  mcpUrl?: string;
  question?: string;
  model?: string;
  maxToolRounds?: number;
};

export function runEngineLifecycle(input: EngineLifecycleInput): Promise<Trace> {
  const run = createLifecycleRun({
    question: input.question ?? BENCH_QUESTION,
    era: '2025-11-25',
    mcpUrl: input.mcpUrl ?? `${input.serverUrl}/mcp`,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${input.serverUrl}/mock/openai/v1`, model: input.model ?? MOCK_MODEL },
    networkTimeoutMs: 30_000,
    autoRelease: true,
    ...(input.maxToolRounds ? { maxToolRounds: input.maxToolRounds } : {}),
  });
  return run.start();
}

/** Why a finished lifecycle is not the expected one (an error for the bench), or undefined when it is. */
export function checkEngineAnswer(trace: Trace): string | undefined {
  if (trace.status !== 'complete') {
    const fault = trace.steps.at(-1)?.fault;
    return `status ${trace.status}${fault ? `: ${fault.what}` : ''}`;
  }
  if (trace.answer !== EXPECTED_ANSWER) return `answer ${JSON.stringify(trace.answer)}`;
  return undefined;
}
