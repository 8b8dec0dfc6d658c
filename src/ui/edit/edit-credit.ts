import type { Step } from '../../trace/index.ts';
import type { ExplorerState } from '../../store/index.ts';
import { formatStepNumber } from '../step-format.ts';
import { rememberLast } from '../remember-last.ts';

// Apart from the edited-message view, which loads with the inspector: the caption and the inspector header both need these on the first page.

// Once per change of the steps, not at every change of the store: a selector runs at each, and a scan of the run read a long one through at every Next.
const findFirstEdited = rememberLast((steps: readonly Step[]) => steps.findIndex((step) => step.edited !== undefined));

/** The earliest step before the one on show that the learner edited: everything after it follows from their version. */
export const selectEditBefore = (state: Pick<ExplorerState, 'steps' | 'cursor'>): Step | undefined => {
  const first = findFirstEdited(state.steps);
  return first >= 0 && first < state.cursor ? state.steps[first] : undefined;
};

/** "step 12 (Client sends tools/call)": which edit, in words. */
export function describeEditedStep(step: Step): string {
  return `${step.canonical === null ? 'the extra step' : `step ${formatStepNumber(step)}`} (${step.title})`;
}
