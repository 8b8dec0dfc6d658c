import { useMemo } from 'react';
import { readRunFacts, type RunFacts } from '../content/run-facts.ts';
import { describeStepWords, type StepWords } from '../content/step-words.ts';
import { useExplorerStore, type ExplorerState } from '../store/explorer-store.ts';

const selectSteps = (state: ExplorerState) => state.steps;
const selectStatus = (state: ExplorerState) => state.status;
const selectAnswer = (state: ExplorerState) => state.answer;
const selectProtocolVersion = (state: ExplorerState) => state.protocolVersion;
const selectCursor = (state: ExplorerState) => state.cursor;

/** The facts of the run on show, read again only when a step is recorded or the run ends. */
export function useRunFacts(): RunFacts {
  const steps = useExplorerStore(selectSteps);
  const status = useExplorerStore(selectStatus);
  const answer = useExplorerStore(selectAnswer);
  const protocolVersion = useExplorerStore(selectProtocolVersion);
  return useMemo(() => readRunFacts({ steps, status, answer, protocolVersion }), [steps, status, answer, protocolVersion]);
}

/** The words of the step on show (src/content/step-words.ts), from the run's facts. */
export function useCurrentStepWords(): StepWords | null {
  const facts = useRunFacts();
  const cursor = useExplorerStore(selectCursor);
  return useMemo(() => describeStepWords(facts, cursor), [facts, cursor]);
}
