import type { LifecycleRun } from '../lifecycle/engine.ts';
import type { RunEvent } from '../lifecycle/trace-writer.ts';
import { MOCK_MODEL_NAME, MOCK_OPENAI_BASE_PATH } from '../providers/mock-endpoints.ts';
import { initialRunSlice, moveCursor, useExplorerStore } from './explorer-store.ts';

/**
 * Owns the one live engine run and copies what it records into the store. The engine
 * (and with it the MCP SDK client) is loaded with import() so the first page stays light.
 */

let currentRun: LifecycleRun | null = null;
let enginePromise: Promise<typeof import('../lifecycle/engine.ts')> | null = null;

export function loadEngine(): Promise<typeof import('../lifecycle/engine.ts')> {
  enginePromise ??= import('../lifecycle/engine.ts').catch((error: unknown) => {
    enginePromise = null;
    throw error;
  });
  return enginePromise;
}

function applyEvent(runId: number, event: RunEvent): void {
  const { setState, getState } = useExplorerStore;
  if (getState().runId !== runId) return;
  switch (event.type) {
    case 'step': {
      const step = structuredClone(event.step);
      const protocolVersion = currentRun?.trace.mcp.protocolVersion ?? null;
      setState((state) => {
        const steps = [...state.steps, step];
        return state.followNext
          ? { steps, protocolVersion, ...moveCursor(state, steps.length - 1), followNext: false }
          : { steps, protocolVersion };
      });
      break;
    }
    case 'step-updated': {
      const step = structuredClone(event.step);
      setState((state) => ({ steps: state.steps.map((existing) => (existing.n === step.n ? step : existing)) }));
      break;
    }
    case 'waiting':
      setState({ pending: event.pending });
      if (getState().followNext) currentRun?.release();
      break;
    case 'released':
      setState({ pending: null });
      break;
    case 'status':
      setState((state) => ({
        status: event.status,
        followNext: false,
        playing: event.status === 'running' ? state.playing : false,
        answer: currentRun?.trace.answer ?? state.answer,
        protocolVersion: currentRun?.trace.mcp.protocolVersion ?? state.protocolVersion,
      }));
      break;
    default: {
      const unexpected: never = event;
      throw new Error(`Unknown run event ${JSON.stringify(unexpected)}`);
    }
  }
}

/** Starts a run with the current settings; the engine then waits at its first gate. */
export async function startRun(): Promise<void> {
  const { question, era, runId } = useExplorerStore.getState();
  const nextRunId = runId + 1;
  useExplorerStore.setState({ ...initialRunSlice, runId: nextRunId, status: 'running', runQuestion: question, runEra: era, cursor: -1, furthest: -1, modelName: MOCK_MODEL_NAME });
  let engine: typeof import('../lifecycle/engine.ts');
  try {
    engine = await loadEngine();
  } catch (error) {
    useExplorerStore.setState({
      status: 'idle',
      followNext: false,
      loadError: `The explorer's engine could not be loaded (${error instanceof Error ? error.message : String(error)}). Check that the server is still running, then reload the page.`,
    });
    return;
  }
  if (useExplorerStore.getState().runId !== nextRunId) return;
  const origin = globalThis.location.origin;
  const run = engine.createLifecycleRun({
    question,
    era,
    mcpUrl: `${origin}/mcp`,
    provider: { wire: 'openai-chat', kind: 'mock', baseUrl: `${origin}${MOCK_OPENAI_BASE_PATH}`, model: MOCK_MODEL_NAME },
  });
  currentRun = run;
  run.subscribe((event) => applyEvent(nextRunId, event));
  void run.start();
}

export function releaseRun(): boolean {
  return currentRun?.release() ?? false;
}

export function abortRun(): void {
  currentRun?.abort();
  currentRun = null;
}

/** The live trace, for export and tests; null before the first run. */
export function getLiveTrace() {
  return currentRun?.trace ?? null;
}
