import { approveSandboxConsent } from '../../server/cli/approve-sandbox-consent.ts';
import { createLifecycleRun } from '../../src/lifecycle/engine.ts';
import { buildScenarioMockProvider, buildScenarioRunOptions, isSandboxScenario } from '../../src/lifecycle/scenario-options.ts';
import type { Scenario } from '../../src/content/scenarios.ts';
import { requireWireInfo } from '../../src/providers/wire-catalog.ts';
import type { Trace } from '../../src/trace/trace.ts';
import type { Era } from '../../src/trace/vocabulary.ts';
import { APPS_MCP_PATH } from '../../src/trace/mcp-apps.ts';
import { createInMemoryAppView } from './in-memory-app-view.ts';
import { SERVER_RECORD_PATH } from '../../src/trace/provider-mcp.ts';

/**
 * One combination of the word check: a built-in scenario in an era and a wire format, with
 * the learner's answers at its gates (or Next pressed at each). The real engine runs it
 * against the real built-in server and mock model over HTTP; every gate waits, and this
 * answers it as the page's controls would (or as Next does, with no answer).
 */
export type GateAnswers = {
  consent?: 'allow' | 'deny';
  sampling?: 'approve' | 'decline';
  elicitation?: 'accept' | 'decline' | 'cancel';
  /** URL mode: whether the learner opened the page before answering. */
  pageOpened?: boolean;
  /** Provider-side MCP: the answer at the provider's approval gate (which Next alone does not open). */
  mcpApproval?: 'approve' | 'deny';
};

/** `screen`: the run has a screen for tools' views (the official App in memory), as the page does; without one it is the CLI. */
export type Combination = { scenario: Scenario; era: Era; wire: string; answers: GateAnswers; label: string; screen?: boolean };

/** The hosts worth trying: with no screen (the CLI), and, for a scenario whose tool has a view, with one (the page). */
export function listScreens(scenario: Scenario): boolean[] {
  return scenario.mcpPath === APPS_MCP_PATH ? [false, true] : [false];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answers worth trying at each scenario's gates; {} is Next pressed at every gate. */
export function listGateAnswers(scenario: Scenario): GateAnswers[] {
  switch (scenario.id) {
    case 'consent':
      return [{}, { consent: 'allow' }, { consent: 'deny' }];
    case 'elicitation':
      return [{}, { elicitation: 'accept' }, { elicitation: 'decline' }, { elicitation: 'cancel' }];
    case 'elicitation-url':
      return [{}, { elicitation: 'accept', pageOpened: true }, { elicitation: 'accept', pageOpened: false }, { elicitation: 'decline', pageOpened: true }];
    case 'sampling':
      return [{}, { sampling: 'approve' }, { sampling: 'decline' }];
    case 'sampling-refused':
    case 'sampling-timeout':
      return [{}, { sampling: 'approve' }];
    case 'provider-mcp':
      // No {}: Next does not answer the provider's approval request for the user.
      return [{ mcpApproval: 'approve' }, { mcpApproval: 'deny' }];
    default:
      return [{}];
  }
}

/** The answer released at a gate that asks the user; undefined: Next, with the host's proposed answer. */
function answerAt(id: string, proposed: unknown, answers: GateAnswers): { payload: unknown; answered: true; pageOpened?: boolean } | undefined {
  if (id === 'user.consent' && answers.consent) return { payload: { decision: answers.consent }, answered: true };
  if (id === 'user.mcp-approval' && answers.mcpApproval) return { payload: { decision: answers.mcpApproval }, answered: true };
  if (id === 'host.sampling.review' && answers.sampling)
    return { payload: { ...(isRecord(proposed) ? proposed : {}), decision: answers.sampling }, answered: true };
  if (id === 'user.elicitation.answer' && answers.elicitation) {
    const payload = answers.elicitation === 'accept' ? proposed : { action: answers.elicitation };
    return { payload, answered: true, ...(answers.pageOpened === undefined ? {} : { pageOpened: answers.pageOpened }) };
  }
  return undefined;
}

export async function runCombination({ serverUrl, combination }: { serverUrl: string; combination: Combination }): Promise<Trace> {
  const { scenario, era, wire, answers } = combination;
  const resolveAppPath = (path: string) => `${serverUrl}${path}`;
  const provider = buildScenarioMockProvider({ scenario, wire: requireWireInfo(wire), resolveAppPath });
  const options = buildScenarioRunOptions({ scenario, question: scenario.question, era, resolveAppPath, provider });
  // Provider-side MCP: the built-in server's record is read back, as the page and the CLI read it.
  const providerMcp = options.topology === 'provider' ? { providerMcp: { serverRecordUrl: `${serverUrl}${SERVER_RECORD_PATH}` } } : {};
  const run = createLifecycleRun({
    ...options,
    ...providerMcp,
    networkTimeoutMs: 10_000,
    // The stalling model would make each run wait the host's full 10 s before the timeout it teaches.
    limits: { samplingAnswerMs: 500 },
    ...(isSandboxScenario(scenario)
      ? { authorization: { redirectUri: 'http://127.0.0.1:9/callback', obtainConsent: approveSandboxConsent, showSecrets: true } }
      : {}),
    ...(combination.screen ? { appViews: { host: createInMemoryAppView().host } } : {}),
  });
  run.subscribe((event) => {
    // A view stays after the answer until the learner closes it: this closes it as Close the view does.
    if (event.type === 'step' && event.step.id === 'host.app-live') queueMicrotask(() => run.closeViews());
    if (event.type !== 'waiting') return;
    const release = answerAt(event.pending.id, event.pending.payload, answers);
    queueMicrotask(() => run.release(release));
  });
  return run.start();
}

/** Runs the combinations a few at a time (the machine has two cores; most of a run is waiting on HTTP). */
export async function runAll<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
