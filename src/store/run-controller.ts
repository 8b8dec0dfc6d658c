import type { LifecycleRun, RunOptions } from '../lifecycle/engine.ts';
import type { ProviderSettings } from '../lifecycle/provider-call.ts';
import type { Trace } from '../trace/trace.ts';
import { recordQuestionStepAhead } from '../lifecycle/question-step.ts';
import { buildScenarioMockProvider, buildScenarioRunOptions, isSandboxScenario, resolveScenarioEndpoint } from '../lifecycle/scenario-options.ts';
import { findWireInfo } from '../providers/wire-catalog.ts';
import { readChosenMaxToolRounds, readStreamChoice, resolveTopology } from './model-settings.ts';
import { resolveProviderMcpOptions } from './provider-mcp-options.ts';
import { findScenario, type Scenario } from '../content/scenarios.ts';
import type { AuthorizationSettings } from '../lifecycle/run-context.ts';
import { createPageAuthorization } from './sign-in-window.ts';
import { waitForInBrowserServer } from '../service-worker/worker-status.ts';
import { readAppBaseUrl, resolveAppUrl } from '../service-worker/app-base-url.ts';
import { CLIENT_METADATA_PATH } from '../trace/authorization-sandbox.ts';
import { listChosenHttpOrigins } from '../trace/url-gate.ts';
import type { ExplorerState, ExplorerStore } from './explorer-store.ts';
import { getExplorerStore, initialRunSlice, moveCursor } from './explorer-store.ts';
import { applyEvent, type StoreRun } from './apply-run-event.ts';
import { useServerOfferingsStore } from './server-offerings.ts';
import { clearAppFrames } from './app-view-store.ts';

/**
 * Owns the one live engine run of a store and copies what it records into that store. The
 * engine (and with it the MCP SDK client) is loaded with import() so the first page stays light.
 */

const storeRuns = new WeakMap<ExplorerStore, StoreRun>();

/** The run of the installed store (the page's, or a test's). */
function readStoreRun(store: ExplorerStore = getExplorerStore()): StoreRun {
  let storeRun = storeRuns.get(store);
  if (!storeRun) {
    storeRun = { store, currentRun: null, runHttpOrigins: [], questionShownAhead: null, importedTrace: null, createRun: null, readAppBaseUrl: () => readAppBaseUrl() };
    storeRuns.set(store, storeRun);
  }
  return storeRun;
}

/** The app's OAuth redirect page (oauth-callback.html), beside index.html. */
const CALLBACK_PAGE = 'oauth-callback.html';
let enginePromise: Promise<typeof import('../lifecycle/engine.ts')> | null = null;

/** Makes the installed store's runs from now on with this factory instead of the engine's (null: the engine again), so a test can drive a run by hand. */
export function setRunFactory(factory: ((options: RunOptions) => LifecycleRun) | null): void {
  readStoreRun().createRun = factory;
}

/** The page address the installed store's runs find the app under (a test's own, where the page reads its location). */
export function setRunPageUrl(pageUrl: string): void {
  readStoreRun().readAppBaseUrl = () => readAppBaseUrl(pageUrl);
}

let engineWaitsFor: Promise<unknown> = Promise.resolve();

/**
 * The engine is loaded only once this has settled (src/main.tsx: step 1 painted, or the page
 * idle): startRun shows step 1 before the engine exists, and the engine's chunks (the MCP
 * SDK client and zod among them, the largest) would otherwise be parsed and run between the
 * press of Next and its step.
 */
export function loadEngineAfter(first: Promise<unknown>): void {
  engineWaitsFor = first.catch(() => {});
}

export function loadEngine(): Promise<typeof import('../lifecycle/engine.ts')> {
  enginePromise ??= engineWaitsFor.then(() => import('../lifecycle/engine.ts')).catch((error: unknown) => {
    enginePromise = null;
    throw error;
  });
  return enginePromise;
}

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
    return buildScenarioMockProvider({ scenario, wire, resolveAppPath: (path) => resolveAppUrl(path, appBaseUrl), strict: model.strict, stream: readStreamChoice(model) });
  }
  const real = model.real[wire.id] ?? { baseUrl: wire.defaultBaseUrl, model: wire.defaultModel };
  const apiKey = wire.keyVariable ? state.apiKeys[wire.keyVariable] : undefined;
  return { wire: wire.id, kind: 'real', baseUrl: real.baseUrl, model: real.model, strict: model.strict, stream: readStreamChoice(model), ...(apiKey ? { apiKey } : {}) };
}

/**
 * The authorization flow in the page: the built-in sandbox (the authorization scenario,
 * its failure switch in the URL, its made-up values shown), and a server the learner
 * named once they chose Sign in after its 401 (its tokens stay redacted).
 */
function resolveAuthorization({ state, scenario, appBaseUrl }: { state: Pick<ExplorerState, 'model' | 'authFault' | 'signInServerUrl'>; scenario: Scenario | undefined; appBaseUrl: URL }): { settings?: AuthorizationSettings; mcpUrl?: string } {
  const redirectUri = resolveAppUrl(CALLBACK_PAGE, appBaseUrl);
  const sandbox = state.model.mcpServerUrl === null && isSandboxScenario(scenario);
  const signedIn = state.model.mcpServerUrl !== null && state.model.mcpServerUrl === state.signInServerUrl;
  // A named server's 401 first ends the run with its challenge and the Sign in choice; only then does its run authorize.
  if (!sandbox && !signedIn) return {};
  // The explorer's own Client ID Metadata Document, served beside the app: used where the server supports them and can fetch it.
  // A client id the learner registered with a named server's authorization server comes first (the MCP spec's order).
  const clientId = signedIn && state.model.mcpClientId !== '' ? state.model.mcpClientId : undefined;
  const settings = createPageAuthorization({ redirectUri, showSecrets: sandbox, clientMetadataUrl: resolveAppUrl(CLIENT_METADATA_PATH, appBaseUrl), ...(clientId ? { clientId } : {}) });
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

function reportRunNotStarted(store: ExplorerStore, error: unknown): void {
  store.setState({
    status: 'idle',
    followNext: false,
    loadError: `The run could not start: ${error instanceof Error ? error.message : String(error)} Choose another model or wire format in the model settings.`,
  });
}

/**
 * Starts a run with the current settings; the engine then waits at its first gate. When
 * Next asked for it, step 1 (the question reaching the host, which needs no MCP code) is
 * shown at once, written as the engine will write it, while the engine loads; the engine's
 * own step 1 then takes its place by number (applyEvent), so the trace is the engine's.
 */
export async function startRun(): Promise<void> {
  const storeRun = readStoreRun();
  const { store } = storeRun;
  const state = store.getState();
  const { question, era, runId } = state;
  const nextRunId = runId + 1;
  const appBaseUrl = storeRun.readAppBaseUrl();
  const provider = resolveProvider(state, appBaseUrl.href);
  store.setState({ ...initialRunSlice, runId: nextRunId, status: 'running', runQuestion: question, runEra: era, runWire: provider.wire, cursor: -1, furthest: -1, modelName: provider.model });
  clearAppFrames();
  let options: RunOptions;
  try {
    options = prepareRunOptions({ state, provider, appBaseUrl });
  } catch (error) {
    reportRunNotStarted(store, error);
    return;
  }
  if (state.followNext) {
    storeRun.questionShownAhead = nextRunId;
    const step = recordQuestionStepAhead(options);
    store.setState((current) => ({ steps: [step], ...moveCursor(current, 0), followNext: false }));
  }
  let engine: typeof import('../lifecycle/engine.ts');
  let frames: typeof import('./app-view-frames.ts');
  try {
    [engine, frames] = await Promise.all([loadEngine(), import('./app-view-frames.ts')]);
  } catch (error) {
    store.setState({
      status: 'idle',
      followNext: false,
      loadError: `The explorer's engine could not be loaded (${error instanceof Error ? error.message : String(error)}). Check that the server is still running, then reload the page.`,
    });
    return;
  }
  // In the static site the built-in server is a Service Worker: the run shows the question at once and waits for it before its
  // first message (a failure to start is then the run's own explained fault). A real provider and an MCP server by URL need none of it.
  const serverReady = provider.kind === 'mock' || state.model.mcpServerUrl === null ? waitForInBrowserServer() : undefined;
  try {
    // Only a learner who chose the model in the tab needs its loader: imported here, not with the first page.
    if (provider.kind === 'tab') {
      options = await (await import('./tab-model/tab-model-state.ts')).addTabModel(options, state.model.tab);
      store.setState({ modelName: options.provider.model });
    }
  } catch (error) {
    reportRunNotStarted(store, error);
    return;
  }
  if (store.getState().runId !== nextRunId) return;
  let run: LifecycleRun;
  try {
    // The page is a host with a screen: a tool's view is framed on it (MCP Apps).
    const appView = frames.createPageAppView(() => document.documentElement.classList.contains('dark'));
    run = (storeRun.createRun ?? engine.createLifecycleRun)({ ...options, appViews: { host: appView }, ...(serverReady ? { serverReady } : {}) });
  } catch (error) {
    reportRunNotStarted(store, error);
    return;
  }
  storeRun.currentRun = run;
  storeRun.runHttpOrigins = listChosenHttpOrigins(options);
  run.subscribe((event) => applyEvent(storeRun, nextRunId, event));
  void run.start();
}

/** What the page passes as httpOrigins to the URL gate for an address of the live run (an elicitation's page). */
export function readRunHttpOrigins(): readonly string[] {
  return readStoreRun().runHttpOrigins;
}

export function releaseRun(release?: { payload?: unknown; answered?: boolean; pageOpened?: boolean }): boolean {
  return readStoreRun().currentRun?.release(release) ?? false;
}

export function cancelToolCall(): boolean {
  return readStoreRun().currentRun?.cancelToolCall() ?? false;
}

export function cancelProviderRequest(): boolean {
  return readStoreRun().currentRun?.cancelProviderRequest() ?? false;
}

export function abortRun(): void {
  const storeRun = readStoreRun();
  storeRun.currentRun?.abort();
  storeRun.currentRun = null;
  clearAppFrames();
}

/** Closes the tools' views on screen (each is told first); the run then ends if it was waiting for them. */
export function closeViews(): boolean {
  return readStoreRun().currentRun?.closeViews() ?? false;
}

/** The trace on show: the live run's, or the imported one; null before anything happened. */
export function getShownTrace(): Trace | null {
  const { store, importedTrace, currentRun } = readStoreRun();
  return store.getState().source.kind === 'imported' ? importedTrace : (currentRun?.trace ?? null);
}

/**
 * Replays a trace file: no engine, no server, no key. A file that is not a valid trace
 * leaves the run on show untouched and says what is wrong with it.
 */
export async function importTraceText(text: string, fileName: string): Promise<boolean> {
  const { parseTraceFile } = await import('../lifecycle/import-trace.ts');
  const result = parseTraceFile({ text, name: fileName });
  if (!result.ok) {
    getExplorerStore().setState({ importError: result.error });
    return false;
  }
  abortRun();
  const storeRun = readStoreRun();
  storeRun.importedTrace = result.trace;
  const { trace } = result;
  storeRun.store.setState((state) => ({
    ...initialRunSlice,
    runId: state.runId + 1,
    steps: trace.steps,
    status: trace.status,
    answer: trace.answer,
    runQuestion: trace.question,
    runEra: trace.mcp.era,
    runWire: trace.model.wire,
    protocolVersion: trace.mcp.protocolVersion,
    modelName: trace.model.name,
    source: { kind: 'imported', fileName, startedAt: trace.startedAt, wire: trace.model.wire, modelKind: trace.model.kind, ...(result.cut ? { cut: result.cut } : {}) },
    cursor: trace.steps.length > 0 ? 0 : -1,
    furthest: trace.steps.length - 1,
    followNext: false,
    playing: false,
  }));
  return true;
}
