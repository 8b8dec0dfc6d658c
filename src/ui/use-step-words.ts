import { useMemo } from 'react';
import type { RunFacts } from '../content/run-facts.ts';
import type { StepWords } from '../content/step-words.ts';
import { useExplorerStore, type ExplorerState } from '../store/explorer-store.ts';
import { rememberModule, useLoadedModule } from './use-loaded-module.ts';

const selectSteps = (state: ExplorerState) => state.steps;
const selectStatus = (state: ExplorerState) => state.status;
const selectAnswer = (state: ExplorerState) => state.answer;
const selectProtocolVersion = (state: ExplorerState) => state.protocolVersion;
const selectCursor = (state: ExplorerState) => state.cursor;

// The builders and their sentences are a chunk of their own, fetched once the page has painted: the first page stays as light as
// before them (README, "First load"). Until it arrives a view shows the recorded title and no sentence, never a sentence by id alone.
const loadWords = rememberModule(() => import('../content/step-words-module.ts'));

/** The facts of the run on show, read again only when a step is recorded or the run ends; null until the builders have loaded. */
function useRunFacts(): RunFacts | null {
  const words = useLoadedModule(loadWords);
  const steps = useExplorerStore(selectSteps);
  const status = useExplorerStore(selectStatus);
  const answer = useExplorerStore(selectAnswer);
  const protocolVersion = useExplorerStore(selectProtocolVersion);
  const module = words.status === 'loaded' ? words.module : null;
  return useMemo(() => (module ? module.readRunFacts({ steps, status, answer, protocolVersion }) : null), [module, steps, status, answer, protocolVersion]);
}

/** The words of the step on show (src/content/step-words.ts), from the run's facts. */
export function useCurrentStepWords(): StepWords | null {
  const facts = useRunFacts();
  const cursor = useExplorerStore(selectCursor);
  const words = useLoadedModule(loadWords);
  const module = words.status === 'loaded' ? words.module : null;
  return useMemo(() => (facts && module ? module.describeStepWords(facts, cursor) : null), [facts, module, cursor]);
}

/** The title and phase heading of every step, for the timeline; empty until the builders have loaded. */
export function useStepTitles(): { title: string; phase: StepWords['phase']; phaseHeading: string }[] {
  const facts = useRunFacts();
  const words = useLoadedModule(loadWords);
  const module = words.status === 'loaded' ? words.module : null;
  return useMemo(() => (facts && module ? module.describeStepTitles(facts) : []), [facts, module]);
}
