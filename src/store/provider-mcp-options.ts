import type { Scenario } from '../content/index.ts';
import type { RunOptions } from '../lifecycle/index.ts';
import { resolveAppUrl, IS_STATIC_SITE } from '../service-worker/index.ts';
import { SERVER_RECORD_PATH } from '../trace/index.ts';
import type { ExplorerState } from './explorer-store.ts';
import { resolveTopology } from './model-settings.ts';

/**
 * Provider-side MCP in the page: the built-in server (on npm start, or in the static site's
 * Service Worker) keeps a record the host reads back; a server in the worker is one no real
 * provider can reach, which the host says before the request.
 */
export function resolveProviderMcpOptions({
  state,
  scenario,
  appBaseUrl,
}: {
  state: ExplorerState;
  scenario: Scenario | undefined;
  appBaseUrl: URL;
}): Pick<RunOptions, 'topology' | 'providerMcp'> {
  // Said even for the host's own client: otherwise a provider-side scenario's own topology would hold (buildScenarioRunOptions).
  if (resolveTopology({ settings: state.model, scenario }).topology !== 'provider') return { topology: 'host' };
  const builtIn = state.model.mcpServerUrl === null;
  return {
    topology: 'provider',
    providerMcp: {
      requireApproval: state.model.requireApproval,
      ...(builtIn ? { serverRecordUrl: resolveAppUrl(SERVER_RECORD_PATH, appBaseUrl) } : {}),
      ...(builtIn && IS_STATIC_SITE ? { serverInBrowser: true } : {}),
    },
  };
}
