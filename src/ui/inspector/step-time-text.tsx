import { formatDuration, measureStepTimes } from '../../content/index.ts';
import type { Step } from '../../trace/index.ts';
import { useExplorerStore, type ExplorerState } from '../../store/index.ts';

/**
 * The step's own time, with the time it waited for the learner said apart: the header's
 * "ms" used to be the wall clock, so a minute spent reading a payload read as a slow step.
 */
export function StepTimeText({ step }: { step: Step }) {
  const previous = useExplorerStore((state: ExplorerState) => state.steps[step.n - 2]);
  const time = measureStepTimes({ steps: previous ? [previous, step] : [step] }).at(-1)!;
  return (
    <span className="text-slate-500" data-testid="step-time" data-own-ms={time.ownMs} data-waited-ms={time.waitedMs}>
      at {formatDuration(time.runMs)} · took {formatDuration(time.ownMs)}
      {time.waitedMs > 0 && (
        <span className="ml-1 rounded bg-slate-100 px-1 text-slate-800 dark:bg-slate-800 dark:text-slate-100" data-testid="step-learner-wait">
          + {formatDuration(time.waitedMs)} waiting for you at the gate (not counted)
        </span>
      )}
    </span>
  );
}
