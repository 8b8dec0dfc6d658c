import type { RunOptions } from '../lifecycle/engine.ts';
import type { ProviderSettings, AuthorizationSettings } from '../lifecycle/index.ts';
import { buildScenarioMockProvider, buildScenarioRunOptions, isSandboxScenario, resolveScenarioEndpoint } from '../lifecycle/index.ts';
import { findWireInfo } from '../providers/index.ts';
import { findScenario, type Scenario } from '../content/index.ts';
import { resolveAppUrl } from '../service-worker/index.ts';
import { CLIENT_METADATA_PATH } from '../trace/index.ts';
import type { ExplorerState } from './explorer-store.ts';
import { readChosenMaxToolRounds, readStreamChoice, resolveTopology } from './model-settings.ts';
import { resolveProviderMcpOptions } from './provider-mcp-options.ts';
import { createPageAuthorization } from './sign-in-window.ts';
import { useServerOfferingsStore } from './server-offerings.ts';

/**
 * A page run's options, from the store's state: the model (the mock under the app's base
 * URL, the real provider with its key, or the model in the tab), the scenario's run, and
 * the authorization the page takes part in. The run controller, the era twins and the
 * topology twins start their runs with them.
 */

/** The app's OAuth redirect page (oauth-callback.html), beside index.html. */
const CALLBACK_PAGE = 'oauth-callback.html';

/** What the engine is told about the model: the mock (the scenario's variant) under the app's base URL, or the real provider with its key. */
export function resolveProvider(state: Pick<ExplorerState, 'model' | 'apiKeys' | 'scenarioId'>, appBaseUrl: string): ProviderSettings {
  const { model } = state;
  if (model.kind === 'tab') {
    // No base URL, no key: the name is the file's, set when the run is given the loaded model (addTabModel).
    return { wire: 'chat-template', kind: 'tab', baseUrl: '', model: '' };
  }
  // A provider-side lesson speaks a format whose provider can be the MCP client, whatever the learner's is.
  const scenario = findScenario(state.scenarioId);
  const { wire: wireId } = resolveTopology({ settings: model, scenario });
  const wire = findWireInfo(wireId) ?? findWireInfo('openai-chat')!;
  if (model.kind === 'mock') {
    return buildScenarioMockProvider({
      scenario,
      wire,
      resolveAppPath: (path) => resolveAppUrl(path, appBaseUrl),
      strict: model.strict,
      stream: readStreamChoice(model),
    });
  }
  const real = model.real[wire.id] ?? { baseUrl: wire.defaultBaseUrl, model: wire.defaultModel };
  const apiKey = wire.keyVariable ? state.apiKeys[wire.keyVariable] : undefined;
  return {
    wire: wire.id,
    kind: 'real',
    baseUrl: real.baseUrl,
    model: real.model,
    strict: model.strict,
    stream: readStreamChoice(model),
    ...(apiKey ? { apiKey } : {}),
  };
}

/**
 * The authorization flow in the page: the built-in sandbox (the authorization scenario,
 * its failure switch in the URL, its made-up values shown), and a server the learner
 * named once they chose Sign in after its 401 (its tokens stay redacted).
 */
function resolveAuthorization({
  state,
  scenario,
  appBaseUrl,
}: {
  state: Pick<ExplorerState, 'model' | 'authFault' | 'signInServerUrl'>;
  scenario: Scenario | undefined;
  appBaseUrl: URL;
}): { settings?: AuthorizationSettings; mcpUrl?: string } {
  const redirectUri = resolveAppUrl(CALLBACK_PAGE, appBaseUrl);
  const sandbox = state.model.mcpServerUrl === null && isSandboxScenario(scenario);
  const signedIn = state.model.mcpServerUrl !== null && state.model.mcpServerUrl === state.signInServerUrl;
  // A named server's 401 first ends the run with its challenge and the Sign in choice; only then does its run authorize.
  if (!sandbox && !signedIn) return {};
  // The explorer's own Client ID Metadata Document, served beside the app: used where the server supports them and can fetch it.
  // A client id the learner registered with a named server's authorization server comes first (the MCP spec's order).
  const clientId = signedIn && state.model.mcpClientId !== '' ? state.model.mcpClientId : undefined;
  const settings = createPageAuthorization({
    redirectUri,
    showSecrets: sandbox,
    clientMetadataUrl: resolveAppUrl(CLIENT_METADATA_PATH, appBaseUrl),
    ...(clientId ? { clientId } : {}),
  });
  if (!sandbox || state.authFault === null) return { settings };
  return { settings, mcpUrl: resolveScenarioEndpoint({ scenario, resolveAppPath: (path) => resolveAppUrl(path, appBaseUrl), authFault: state.authFault }) };
}

/** The run's options from the learner's settings; the static site's serverReady is added once the engine is loaded. */
export function prepareRunOptions({ state, provider, appBaseUrl }: { state: ExplorerState; provider: ProviderSettings; appBaseUrl: URL }): RunOptions {
  const scenario = findScenario(state.scenarioId);
  // The learner's headers are for the server they named, never for the built-in one.
  const mcpHeaders = state.model.mcpServerUrl === null ? [] : state.model.mcpHeaders;
  const authorization = resolveAuthorization({ state, scenario, appBaseUrl });
  const chosenPrompt = useServerOfferingsStore.getState().chosenPrompt;
  const mcpUrl = authorization.mcpUrl ?? state.model.mcpServerUrl;
  return {
    ...buildScenarioRunOptions({
      scenario,
      question: state.question,
      era: state.era,
      resolveAppPath: (path) => resolveAppUrl(path, appBaseUrl),
      provider,
      ...(mcpUrl ? { mcpUrl } : {}),
      maxToolRounds: readChosenMaxToolRounds(state.model),
      // A prompt the learner chose in the settings comes before the scenario's own.
      ...(chosenPrompt ? { prompt: chosenPrompt } : {}),
      topology: resolveProviderMcpOptions({ state, scenario, appBaseUrl }),
    }),
    // The explorer's own origin is one the learner chose: over plain http on a LAN, the built-in sandbox's addresses are on it.
    httpOrigins: [appBaseUrl.origin],
    mcpHeaders,
    ...(authorization.settings ? { authorization: authorization.settings } : {}),
    // Roots, like headers, are for the server the learner named: the built-in one is never handed a folder.
    ...(state.model.mcpServerUrl !== null && state.model.mcpRoots.length > 0 ? { roots: state.model.mcpRoots } : {}),
  };
}
