import { describeStepNumber } from '../content/index.ts';
import type { Step, Phase } from '../trace/index.ts';

export const PHASE_STYLES: Record<Phase, { badge: string; band: string; border: string }> = {
  discovery: {
    badge: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
    band: 'bg-sky-50 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
    border: 'border-sky-300 dark:border-sky-800',
  },
  decision: {
    badge: 'bg-violet-100 text-violet-900 dark:bg-violet-900 dark:text-violet-100',
    band: 'bg-violet-50 text-violet-800 dark:bg-violet-950 dark:text-violet-200',
    border: 'border-violet-300 dark:border-violet-800',
  },
  execution: {
    badge: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
    band: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
    border: 'border-amber-300 dark:border-amber-800',
  },
  authorization: {
    badge: 'bg-rose-100 text-rose-900 dark:bg-rose-900 dark:text-rose-100',
    band: 'bg-rose-50 text-rose-800 dark:bg-rose-950 dark:text-rose-200',
    border: 'border-rose-300 dark:border-rose-800',
  },
  response: {
    badge: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
    band: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
    border: 'border-emerald-300 dark:border-emerald-800',
  },
};

/** The article's step number, `!` for a stop, or a dot for the steps outside the twenty (handshake, extras): the one rule is in src/content/step-words.ts. */
export function formatStepNumber(step: Pick<Step, 'canonical' | 'kind'>): string {
  return describeStepNumber(step, -1).text;
}
