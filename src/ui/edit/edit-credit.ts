import type { Step } from '../../trace/trace.ts';
import type { ExplorerState } from '../../store/explorer-store.ts';
import { formatStepNumber } from '../step-format.ts';

// Apart from the edited-message view, which loads with the inspector: the caption and the inspector header both need these on the first page.

/** The earliest step before the one on show that the learner edited: everything after it follows from their version. */
export const selectEditBefore = (state: Pick<ExplorerState, 'steps' | 'cursor'>): Step | undefined =>
  state.steps.slice(0, Math.max(state.cursor, 0)).find((step) => step.edited !== undefined);

/** "step 12 (Client sends tools/call)": which edit, in words. */
export function describeEditedStep(step: Step): string {
  return `${step.canonical === null ? 'the extra step' : `step ${formatStepNumber(step)}`} (${step.title})`;
}
