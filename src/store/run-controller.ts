import type { LifecycleRun, RunOptions } from '../lifecycle/engine.ts';
import type { Trace } from '../trace/index.ts';
import { recordQuestionStepAhead } from '../lifecycle/index.ts';
import { waitForInBrowserServer, readAppBaseUrl } from '../service-worker/index.ts';
import { listChosenHttpOrigins } from '../trace/index.ts';
import type { ExplorerStore } from './explorer-store.ts';
import { getExplorerStore, initialRunSlice, moveCursor } from './explorer-store.ts';
import { applyEvent, type StoreRun } from './apply-run-event.ts';
import { prepareRunOptions, resolveProvider } from './prepare-run-options.ts';
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
    storeRun = {
      store,
      currentRun: null,
      runHttpOrigins: [],
      questionShownAhead: null,
      importedTrace: null,
      createRun: null,
      readAppBaseUrl: () => readAppBaseUrl(),
    };
    storeRuns.set(store, storeRun);
  }
  return storeRun;
}

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
  enginePromise ??= engineWaitsFor
    .then(() => import('../lifecycle/engine.ts'))
    .catch((error: unknown) => {
      enginePromise = null;
      throw error;
    });
  return enginePromise;
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
  store.setState({
    ...initialRunSlice,
    runId: nextRunId,
    status: 'running',
    runQuestion: question,
    runEra: era,
    runWire: provider.wire,
    cursor: -1,
    furthest: -1,
    modelName: provider.model,
  });
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
    source: {
      kind: 'imported',
      fileName,
      startedAt: trace.startedAt,
      wire: trace.model.wire,
      modelKind: trace.model.kind,
      ...(result.cut ? { cut: result.cut } : {}),
    },
    cursor: trace.steps.length > 0 ? 0 : -1,
    furthest: trace.steps.length - 1,
    followNext: false,
    playing: false,
  }));
  return true;
}
