import type { Step } from '../trace/index.ts';

/**
 * A step's time with the learner's time taken out. `runMs` is when it happened counting
 * only the run's own work; `ownMs` is how long it took since the step before; `waitedMs`
 * is the time the host held it (or what led to it) at the gate until the learner pressed
 * Next, which a learner reading a payload for a minute must not see as a slow server.
 */
export type StepTime = { runMs: number; ownMs: number; waitedMs: number };

export function measureStepTimes({ steps }: { steps: Step[] }): StepTime[] {
  let before = { at: 0, waited: 0 };
  return steps.map((step) => {
    const waited = step.learnerWaitMs ?? 0;
    const runMs = Math.max(0, step.at - waited);
    const time = { runMs, ownMs: Math.max(0, runMs - (before.at - before.waited)), waitedMs: Math.max(0, waited - before.waited) };
    before = { at: step.at, waited };
    return time;
  });
}

/** "1.4 s" or "350 ms": the learner's wait reads at a glance. */
export function formatDuration(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}
