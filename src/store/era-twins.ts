import type { Trace } from '../trace/index.ts';
import { ERAS, type Era } from '../trace/index.ts';
import { findScenario } from '../content/index.ts';
import { buildScenarioRunOptions } from '../lifecycle/index.ts';
import { readAppBaseUrl, resolveAppUrl, waitForInBrowserServer } from '../service-worker/index.ts';
import { useExplorerStore } from './explorer-store.ts';
import { readChosenMaxToolRounds } from './model-settings.ts';
import { resolveProviderMcpOptions } from './provider-mcp-options.ts';
import { loadEngine } from './run-controller.ts';
import { resolveProvider } from './prepare-run-options.ts';
import { useServerOfferingsStore } from './server-offerings.ts';

/**
 * The era twin view's two runs: the learner's question, scenario and model, performed
 * for real once per era against the built-in server, every gate open. They are not the
 * run on show: the explorer's trace and cursor stay as they are.
 */
export async function runEraTwins(): Promise<Record<Era, Trace>> {
  const state = useExplorerStore.getState();
  const appBaseUrl = readAppBaseUrl();
  const provider = resolveProvider(state, appBaseUrl.href);
  const scenario = findScenario(state.scenarioId);
  const engine = await loadEngine();
  await waitForInBrowserServer();
  const chosenPrompt = useServerOfferingsStore.getState().chosenPrompt;
  // The run on show's options (buildScenarioRunOptions, as prepareRunOptions builds them) on the built-in server, in each era.
  const builtIn = { ...state, model: { ...state.model, mcpServerUrl: null } };
  const choices = {
    scenario,
    question: state.question,
    resolveAppPath: (path: string) => resolveAppUrl(path, appBaseUrl),
    provider,
    maxToolRounds: readChosenMaxToolRounds(state.model),
    ...(chosenPrompt ? { prompt: chosenPrompt } : {}),
    topology: resolveProviderMcpOptions({ state: builtIn, scenario, appBaseUrl }),
    autoRelease: true,
  };
  const traces: Partial<Record<Era, Trace>> = {};
  // One after the other: the two runs then see the same server state (a sessions scenario expires sessions by count).
  for (const era of ERAS) {
    traces[era] = await engine.createLifecycleRun(buildScenarioRunOptions({ ...choices, era })).start();
  }
  return { '2025-11-25': traces['2025-11-25']!, '2026-07-28': traces['2026-07-28']! };
}
