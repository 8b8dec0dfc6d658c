import { useExplorerStore, type ExplorerState } from '../store/index.ts';
import { rememberLast } from './remember-last.ts';
import { findStepOutcomes, type StepOutcome } from './step-outcome.ts';

// Shared by every view (the inspector mounts again at each step), so it is read once per change of the steps.
const findOutcomes = rememberLast(findStepOutcomes);

const selectSteps = (state: ExplorerState) => state.steps;
const selectCursor = (state: ExplorerState) => state.cursor;

/** The outcome of every recorded step, recomputed only when a step is recorded. */
export function useStepOutcomes(): (StepOutcome | undefined)[] {
  const steps = useExplorerStore(selectSteps);
  return findOutcomes(steps);
}

/** The outcome of the step on show. */
export function useCurrentStepOutcome(): StepOutcome | undefined {
  const outcomes = useStepOutcomes();
  const cursor = useExplorerStore(selectCursor);
  return outcomes[cursor];
}
