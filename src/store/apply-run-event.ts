import type { LifecycleRun, RunOptions } from '../lifecycle/engine.ts';
import { QUESTION_STEP_ID } from '../lifecycle/index.ts';
import type { RunEvent } from '../lifecycle/index.ts';
import type { Step, Trace } from '../trace/index.ts';
import { moveCursor, type ExplorerStore } from './explorer-store.ts';

/**
 * What a run reports, copied into the store that started it (run-controller.ts): each
 * step as the store's own copy, the gate's waits, what is on the wire, the run's end.
 */

/** A store's run: each store has its own, so a test's fresh store starts with no run, and a run's events reach only the store that started it. */
export type StoreRun = {
  store: ExplorerStore;
  currentRun: LifecycleRun | null;
  /** The origins the live run's learner chose (the explorer's, the MCP server's): the page's own URL gate lets plain http reach them. */
  runHttpOrigins: string[];
  /** The run whose step 1 the page shows ahead of the engine (startRun), until the engine records its own. */
  questionShownAhead: number | null;
  /** The trace file on show, when one was imported. */
  importedTrace: Trace | null;
  /** Runs made by hand instead of by the engine (a test's); null: the engine's. */
  createRun: ((options: RunOptions) => LifecycleRun) | null;
  /** The app's base URL: the page's address by default, a test's own otherwise. */
  readAppBaseUrl: () => URL;
};

/**
 * The store's own copy of a step the engine recorded: its fields, not its payload. The
 * engine never writes into a payload it has recorded, so the payload is shared; a deep
 * clone here copied a 10,000-tool list again into every step (and every update of a step)
 * that carries it. The HTTP record is copied one level, because the engine updates a
 * shared exchange in place (`syncSharedExchange`), and so are its frame lists, because a
 * streamed reply's frames are appended to the store's copy one `frame` event at a time;
 * the frames themselves never change once recorded and are shared.
 */
function snapshotStep(step: Step): Step {
  if (!step.http) return { ...step };
  const http = { ...step.http };
  if (http.sse) http.sse = [...http.sse];
  if (http.ndjson) http.ndjson = [...http.ndjson];
  return { ...step, http };
}

export function applyEvent(storeRun: StoreRun, runId: number, event: RunEvent): void {
  const { setState, getState } = storeRun.store;
  const { currentRun } = storeRun;
  if (getState().runId !== runId) return;
  switch (event.type) {
    case 'step': {
      const step = snapshotStep(event.step);
      const protocolVersion = currentRun?.trace.mcp.protocolVersion ?? null;
      if (storeRun.questionShownAhead === runId && step.n === 1) {
        // The engine's step 1 takes the place of the one shown ahead: the same step, so the cursor stays and nothing moves.
        storeRun.questionShownAhead = null;
        setState((state) => ({ steps: [step, ...state.steps.slice(1)], protocolVersion }));
        break;
      }
      setState((state) => {
        const steps = [...state.steps, step];
        return state.followNext ? { steps, protocolVersion, ...moveCursor(state, steps.length - 1), followNext: false } : { steps, protocolVersion };
      });
      break;
    }
    case 'step-updated': {
      const step = snapshotStep(event.step);
      setState((state) => ({ steps: state.steps.map((existing) => (existing.n === step.n ? step : existing)) }));
      break;
    }
    case 'frame': {
      // The store's copy of the step grows by this frame alone; the frames before it stay where they are.
      const { n, framing, frame } = event;
      setState((state) => ({
        steps: state.steps.map((existing) => {
          if (existing.n !== n || !existing.http) return existing;
          (existing.http[framing] ??= []).push(frame);
          return { ...existing, http: { ...existing.http } };
        }),
      }));
      break;
    }
    case 'waiting':
      setState({ pending: event.pending });
      // Step 1 is on show already: the Next that asked for it opens its gate.
      if (getState().followNext || (storeRun.questionShownAhead === runId && event.pending.id === QUESTION_STEP_ID)) currentRun?.release();
      break;
    case 'released':
      setState({ pending: null });
      break;
    case 'provider-request':
      setState({ providerInFlight: event.inFlight });
      break;
    case 'tool-call':
      setState({ toolCallInFlight: event.inFlight, taskInFlight: event.inFlight && event.task === true });
      break;
    case 'views-live':
      setState({ viewsLive: event.live });
      break;
    case 'status':
      setState((state) => ({
        status: event.status,
        followNext: false,
        // A run can end with steps not yet shown (a fault step right after the last one
        // shown): playback then goes on through them and pauses at the last (tick).
        playing: event.status === 'running' || state.cursor < state.steps.length - 1 ? state.playing : false,
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
