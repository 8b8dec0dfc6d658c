import {
  back,
  cancelRequest,
  next,
  reset,
  setViewPreferences,
  stopToolCall,
  togglePlay,
  PLAYBACK_SPEEDS,
  selectCanGoBack,
  selectCanGoNext,
  selectIsWaiting,
  useExplorerStore,
  type ExplorerState,
} from '../../store/index.ts';
import { RunRecapButton, TwinViewButton } from './run-end-buttons.tsx';
import { SAMPLING_WAIT_STATUS, SamplingWait } from './sampling-wait.tsx';

const selectPlaying = (state: ExplorerState) => state.playing;
const selectStatus = (state: ExplorerState) => state.status;
const selectInFlight = (state: ExplorerState) => state.providerInFlight;
// Past the gate (nothing pending) with the server's messages as the last step, the host is waiting for the model's answer to them.
const selectSamplingInFlight = (state: ExplorerState) =>
  state.status === 'running' && state.pending === null && state.steps.at(-1)?.id === 'host.translate-sampling-request';
const selectToolCallInFlight = (state: ExplorerState) => state.toolCallInFlight;
const selectTaskInFlight = (state: ExplorerState) => state.taskInFlight;
const selectInterval = (state: ExplorerState) => state.preferences.intervalMs;
const selectRetryOffered = (state: ExplorerState) => {
  const last = state.steps.at(-1);
  return state.status === 'running' && last?.fault?.retryable === true && state.pending !== null;
};

const buttonClass =
  'inline-flex items-center gap-1.5 rounded-md border px-2.5 py-1.5 sm:px-3 text-sm font-medium shadow-sm transition-colors disabled:cursor-not-allowed disabled:opacity-40';
const secondary = `${buttonClass} border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`;
const primary = `${buttonClass} border-slate-900 bg-slate-900 text-white hover:bg-slate-700 dark:border-slate-100 dark:bg-slate-100 dark:text-slate-900 dark:hover:bg-slate-300`;

/** The key's name beside the button; a phone has no keyboard to speak of, so not there. */
function Key({ children }: { children: string }) {
  return <kbd className="hidden rounded border border-current/30 px-1 font-mono text-[10px] sm:inline">{children}</kbd>;
}

export function Controls() {
  const canGoBack = useExplorerStore(selectCanGoBack);
  const canGoNext = useExplorerStore(selectCanGoNext);
  const waiting = useExplorerStore(selectIsWaiting);
  const playing = useExplorerStore(selectPlaying);
  const status = useExplorerStore(selectStatus);
  const inFlight = useExplorerStore(selectInFlight);
  const samplingInFlight = useExplorerStore(selectSamplingInFlight);
  const toolCallInFlight = useExplorerStore(selectToolCallInFlight);
  const taskInFlight = useExplorerStore(selectTaskInFlight);
  const retryOffered = useExplorerStore(selectRetryOffered);
  const intervalMs = useExplorerStore(selectInterval);
  return (
    // Cramped (see index.css), the bar is fixed to the foot of the window: Next never scrolls away and nothing covers it.
    <div
      role="toolbar"
      aria-label="Playback"
      data-testid="playback-bar"
      className="flex flex-wrap items-center gap-x-2 gap-y-1 cramped:fixed cramped:inset-x-0 cramped:bottom-0 cramped:z-30 cramped:border-t cramped:border-slate-200 cramped:bg-white/95 cramped:px-3 cramped:py-2 cramped:shadow-[0_-2px_8px_rgb(0_0_0/0.08)] cramped:backdrop-blur dark:cramped:border-slate-700 dark:cramped:bg-slate-900/95"
    >
      <button type="button" className={secondary} onClick={back} disabled={!canGoBack} aria-keyshortcuts="ArrowLeft">
        Back <Key>←</Key>
      </button>
      <button type="button" className={primary} onClick={next} disabled={!canGoNext && !waiting} aria-keyshortcuts="ArrowRight">
        Next <Key>→</Key>
      </button>
      <button type="button" className={secondary} onClick={togglePlay} disabled={!playing && !canGoNext} aria-keyshortcuts="Space">
        {playing ? 'Pause' : 'Play'} <Key>Space</Key>
      </button>
      <label className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-300">
        <span className="sr-only sm:not-sr-only">Speed</span>
        <select
          className="rounded-md border border-slate-300 bg-white px-1.5 py-1 text-sm dark:border-slate-600 dark:bg-slate-800"
          value={intervalMs}
          onChange={(event) => setViewPreferences({ intervalMs: Number(event.target.value) })}
        >
          {PLAYBACK_SPEEDS.map((speed) => (
            <option key={speed.intervalMs} value={speed.intervalMs}>
              {speed.label}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className={secondary} onClick={reset} disabled={status === 'idle'} aria-keyshortcuts="R">
        Reset <Key>R</Key>
      </button>
      <RunRecapButton />
      <TwinViewButton />
      {inFlight && (
        <button type="button" className={secondary} onClick={cancelRequest}>
          Cancel request
        </button>
      )}
      {toolCallInFlight && (
        <button type="button" className={secondary} onClick={stopToolCall}>
          {taskInFlight ? 'Cancel the task' : 'Stop the tool'}
        </button>
      )}
      <span className="min-w-0 basis-full text-sm text-slate-500 sm:basis-auto dark:text-slate-400" role="status" aria-live="polite" data-testid="run-status">
        {samplingInFlight
          ? SAMPLING_WAIT_STATUS
          : inFlight
            ? 'Waiting for the model…'
            : toolCallInFlight && !waiting
              ? taskInFlight
                ? 'The task runs on the server: Cancel the task sends tasks/cancel.'
                : 'The tool is running: Stop the tool cancels it.'
              : waiting
                ? 'Waiting for the next message…'
                : retryOffered
                  ? 'The model call failed: Next sends the same request again.'
                  : describeStatus(status)}
      </span>
      {samplingInFlight && <SamplingWait />}
    </div>
  );
}

function describeStatus(status: ExplorerState['status']): string {
  switch (status) {
    case 'idle':
      return 'Ready: press Next to start.';
    case 'running':
      return '';
    case 'complete':
      return 'The lifecycle is complete.';
    case 'refused':
      return 'The model refused to answer: the last step says why and what to do.';
    case 'truncated':
      return 'The model’s reply was cut off: the last step says where and what to do.';
    case 'blocked':
      return 'The provider blocked the reply: the last step says which filter and what to do.';
    case 'interrupted':
      return 'The model’s reply did not finish arriving: the last step says what came and what was missing.';
    case 'failed':
      return 'The run stopped: see the last step.';
    case 'aborted':
      return 'The run was stopped.';
    case 'declined':
      return 'The user declined a tool call: the model answered without it.';
    default: {
      const unexpected: never = status;
      return unexpected;
    }
  }
}
