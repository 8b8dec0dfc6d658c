import { STEP_DEFINITIONS, type StepDefinition } from '../trace/steps.ts';
import type { Step, TraceStatus } from '../trace/trace.ts';

/**
 * The canonical steps a finished run never reached, each with the reason, so the
 * timeline can show what the simple story has that this run did not.
 */
export type MissingStep = {
  canonical: number;
  title: string;
  reason: string;
  /** Show it after this index of the recorded steps (-1: before them all). */
  afterIndex: number;
};

const CANONICAL_TITLES = new Map<number, string>();
for (const definition of Object.values(STEP_DEFINITIONS) as StepDefinition[]) {
  if (definition.canonical !== null && !CANONICAL_TITLES.has(definition.canonical)) CANONICAL_TITLES.set(definition.canonical, definition.title);
}

export function findMissingSteps({ steps, status }: { steps: Step[]; status: TraceStatus | 'idle' }): MissingStep[] {
  if (status === 'running' || status === 'idle') return [];
  const seen = new Set(steps.map((step) => step.canonical).filter((canonical): canonical is number => canonical !== null));
  const calledTools = steps.some((step) => step.id === 'provider.response.tool-calls');
  const answered = steps.some((step) => step.id === 'provider.response.answer');
  const lastReached = Math.max(0, ...seen);
  const missing: MissingStep[] = [];
  for (let canonical = 1; canonical <= 20; canonical++) {
    if (seen.has(canonical)) continue;
    let reason: string;
    if (status !== 'complete' && canonical > lastReached) {
      reason = status === 'aborted' ? 'The run was stopped before this step.' : 'The run stopped before this step: see the last recorded step.';
    } else if (!calledTools && answered && canonical >= 9 && canonical <= 18) {
      reason = 'The model answered without calling a tool, so there was no call to translate, send or run.';
    } else {
      reason = 'This step did not happen in this run.';
    }
    let afterIndex = -1;
    steps.forEach((step, index) => {
      if (step.canonical !== null && step.canonical < canonical) afterIndex = index;
    });
    missing.push({ canonical, title: CANONICAL_TITLES.get(canonical) ?? `Step ${canonical}`, reason, afterIndex });
  }
  return missing;
}
