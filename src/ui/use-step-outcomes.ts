import { useMemo } from 'react';
import { useExplorerStore, type ExplorerState } from '../store/explorer-store.ts';
import { findStepOutcomes, type StepOutcome } from './step-outcome.ts';

const selectSteps = (state: ExplorerState) => state.steps;
const selectCursor = (state: ExplorerState) => state.cursor;

/** The outcome of every recorded step, recomputed only when a step is recorded. */
export function useStepOutcomes(): (StepOutcome | undefined)[] {
  const steps = useExplorerStore(selectSteps);
  return useMemo(() => findStepOutcomes(steps), [steps]);
}

/** The outcome of the step on show. */
export function useCurrentStepOutcome(): StepOutcome | undefined {
  const outcomes = useStepOutcomes();
  const cursor = useExplorerStore(selectCursor);
  return outcomes[cursor];
}
