import type { Scenario } from '../content/scenarios.ts';
import type { Era } from '../trace/vocabulary.ts';
import type { ProviderSettings } from './provider-call.ts';
import type { RunOptions } from './run-context.ts';

/**
 * What a built-in scenario sets of a run, in one place for the CLI and the tests: its
 * question, its endpoint on the app's own server, its caps, its prompt and whether the
 * host lists resources. The caller adds how its gates are answered.
 */
export function buildScenarioRunOptions({ scenario, era, appUrl, provider }: { scenario: Scenario; era: Era; appUrl: string; provider: ProviderSettings }): RunOptions {
  return {
    question: scenario.question,
    era,
    mcpUrl: `${appUrl}${scenario.mcpPath}`,
    provider,
    ...(scenario.maxToolRounds ? { maxToolRounds: scenario.maxToolRounds } : {}),
    ...(scenario.prompt ? { prompt: scenario.prompt } : {}),
    ...(scenario.listResources ? { listResources: true } : {}),
    ...(scenario.topology === 'provider' ? { topology: 'provider' as const } : {}),
  };
}
