import type { Step } from '../trace/index.ts';
import { say, type Sentence } from './word-claims.ts';

/**
 * A step's number, one rule for the caption, the inspector, the timeline and the checks:
 * the article's number, `!` for a stop (whatever canonical step it stopped at), `·` for a
 * step outside the twenty. Apart from the other word builders: the first page needs it.
 */

/** One rule for the number in the caption, the inspector, the timeline and the CLI alike. */
export function describeStepNumber(step: Pick<Step, 'canonical' | 'kind'>, index: number): Sentence {
  const shown = step.kind === 'fault' ? '!' : step.canonical === null ? '·' : String(step.canonical);
  return say(shown, { kind: 'step-number', step: index, shown });
}

/** The number in words, the same in the caption, the inspector and the timeline: a stop is "Stopped" whatever canonical step it stopped at. */
export function describeStepNumberLong(step: Pick<Step, 'canonical' | 'kind'>): string {
  if (step.kind === 'fault') return 'Stopped';
  return step.canonical === null ? 'Extra step' : `Step ${step.canonical} of 20`;
}

/** The same without "of 20", where the article's count is understood (the caption, the timeline). */
export function describeStepNumberShort(step: Pick<Step, 'canonical' | 'kind'>): string {
  if (step.kind === 'fault') return 'Stopped';
  return step.canonical === null ? 'Extra step' : `Step ${step.canonical}`;
}
