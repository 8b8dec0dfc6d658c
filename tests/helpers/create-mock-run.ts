import { SERVER_RECORD_PATH } from '../../src/trace/provider-mcp.ts';
import { createLifecycleRun, type LifecycleRun, type RunOptions } from '../../src/lifecycle/engine.ts';
import type { ProviderSettings } from '../../src/lifecycle/provider-call.ts';
import type { Era, Step, Trace } from '../../src/trace/trace.ts';
import { requireWireInfo } from '../../src/providers/wire-catalog.ts';
import { findScenario } from '../../src/content/scenarios.ts';
import { QUESTION } from './fixtures.ts';

/** The built-in mock model's path and name, as the page and the CLI use them. */
export const MOCK_BASE_PATH = '/mock/openai/v1';
export const MOCK_MODEL = 'mock-model-deterministic';

/** A host run against a real server's /mcp and its mock model, as the CLI sets it up. */
export function createMockRun(serverUrl: string, overrides: Partial<RunOptions> = {}): LifecycleRun {
  return createLifecycleRun({
    question: QUESTION,
    era: '2025-11-25',
    mcpUrl: `${serverUrl}/mcp`,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${serverUrl}${MOCK_BASE_PATH}`, model: MOCK_MODEL },
    networkTimeoutMs: 10_000,
    ...overrides,
  });
}

/** A whole run against a server's /mcp with every gate open, as the CLI runs it; resolves with the finished trace. */
export function runLifecycle({
  serverUrl,
  provider,
  era = '2025-11-25',
  question = QUESTION,
  networkTimeoutMs = 10_000,
}: {
  serverUrl: string;
  provider: ProviderSettings;
  era?: Era;
  question?: string;
  networkTimeoutMs?: number;
}): Promise<Trace> {
  return createLifecycleRun({ question, era, mcpUrl: `${serverUrl}/mcp`, provider, autoRelease: true, networkTimeoutMs }).start();
}

/** A whole run with the server's own mock model speaking one wire format (the deterministic model unless told). */
export function runMockLifecycle({
  serverUrl,
  wire,
  model = MOCK_MODEL,
  strict,
  stream,
  era,
  question,
}: {
  serverUrl: string;
  wire: string;
  model?: string;
  strict?: boolean;
  /** Ask the mock for its reply streamed. */
  stream?: boolean;
  era?: Era;
  question?: string;
}): Promise<Trace> {
  const provider: ProviderSettings = {
    wire,
    kind: 'mock',
    baseUrl: `${serverUrl}${requireWireInfo(wire).mockBasePath}`,
    model,
    ...(strict === undefined ? {} : { strict }),
    ...(stream === undefined ? {} : { stream }),
  };
  return runLifecycle({ serverUrl, provider, era, question });
}

/** The one step with this canonical number in the first round; fails loudly when there is not exactly one. */
export function findCanonicalStep(trace: Trace, canonical: number): Step {
  const found = trace.steps.filter((step) => step.canonical === canonical && step.iteration === 1);
  if (found.length !== 1) throw new Error(`Expected one step ${canonical}, found ${found.length}: ${found.map((step) => step.id).join(', ')}`);
  return found[0]!;
}

/** Resolves at the run's next pause at a gate, or when it ends; call it before the action that leads there. */
export function waitForNextGate(run: LifecycleRun, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`The run neither paused nor ended within ${timeoutMs} ms.`));
    }, timeoutMs);
    const unsubscribe = run.subscribe((event) => {
      if (event.type === 'waiting' || event.type === 'status') {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      }
    });
  });
}

/** Lets the held message go and waits for the next pause (or the end). */
export async function releaseAndWait(run: LifecycleRun): Promise<void> {
  const next = waitForNextGate(run);
  if (!run.release()) throw new Error('Nothing was waiting at the gate.');
  await next;
}

/** A built-in scenario as the page runs it (its question, era, endpoint and mock habit), every gate open; a cap given here wins over the scenario's. */
export function createScenarioRun({
  serverUrl,
  scenarioId,
  maxToolRounds,
  era,
}: {
  serverUrl: string;
  scenarioId: string;
  maxToolRounds?: number;
  era?: Era;
}): LifecycleRun {
  const scenario = findScenario(scenarioId);
  if (!scenario) throw new Error(`No scenario "${scenarioId}".`);
  const cap = maxToolRounds ?? scenario.maxToolRounds;
  // A provider-side lesson runs in its own format, the provider as MCP client, the server's record read back.
  const wire = scenario.wire ?? 'openai-chat';
  return createLifecycleRun({
    question: scenario.question,
    era: era ?? scenario.era ?? '2025-11-25',
    mcpUrl: `${serverUrl}${scenario.mcpPath}`,
    provider: { wire, kind: 'mock', baseUrl: `${serverUrl}${requireWireInfo(wire).mockBasePath}`, model: scenario.mockModel },
    ...(scenario.topology === 'provider' ? { topology: 'provider' as const, providerMcp: { serverRecordUrl: `${serverUrl}${SERVER_RECORD_PATH}` } } : {}),
    autoRelease: true,
    networkTimeoutMs: 10_000,
    ...(cap ? { maxToolRounds: cap } : {}),
  });
}
