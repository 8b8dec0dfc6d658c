import { useMemo } from 'react';
import type { RunFacts, StepWords } from '../content/index.ts';
import { useExplorerStore, type ExplorerState } from '../store/index.ts';
import { rememberLast } from './remember-last.ts';
import { rememberModule, useLoadedModule } from './use-loaded-module.ts';

const selectSteps = (state: ExplorerState) => state.steps;
const selectStatus = (state: ExplorerState) => state.status;
const selectAnswer = (state: ExplorerState) => state.answer;
const selectProtocolVersion = (state: ExplorerState) => state.protocolVersion;
const selectCursor = (state: ExplorerState) => state.cursor;

// The builders and their sentences are a chunk of their own, fetched once the page has painted: the first page stays as light as
// before them (README, "First load"). Until it arrives a view shows the recorded title and no sentence, never a sentence by id alone.
const loadWords = rememberModule(() => import('../content/step-words-module.ts'));

type WordsModule = typeof import('../content/step-words-module.ts');

// Shared by every view (the inspector mounts again at each step), so each is read once per change of the run, not once per Next.
const readRunFacts = rememberLast(
  (
    module: WordsModule,
    steps: ExplorerState['steps'],
    status: ExplorerState['status'],
    answer: ExplorerState['answer'],
    protocolVersion: ExplorerState['protocolVersion'],
  ) => module.readRunFacts({ steps, status, answer, protocolVersion }),
);
const describeStepTitles = rememberLast((module: WordsModule, facts: RunFacts) => module.describeStepTitles(facts));

/** The facts of the run on show, read again only when a step is recorded or the run ends; null until the builders have loaded. */
function useRunFacts(): RunFacts | null {
  const words = useLoadedModule(loadWords);
  const steps = useExplorerStore(selectSteps);
  const status = useExplorerStore(selectStatus);
  const answer = useExplorerStore(selectAnswer);
  const protocolVersion = useExplorerStore(selectProtocolVersion);
  const module = words.status === 'loaded' ? words.module : null;
  return module ? readRunFacts(module, steps, status, answer, protocolVersion) : null;
}

/** The words of the step on show (src/content/step-words.ts), from the run's facts. */
export function useCurrentStepWords(): StepWords | null {
  const facts = useRunFacts();
  const cursor = useExplorerStore(selectCursor);
  const words = useLoadedModule(loadWords);
  const module = words.status === 'loaded' ? words.module : null;
  return useMemo(() => (facts && module ? module.describeStepWords(facts, cursor) : null), [facts, module, cursor]);
}

type StepTitle = { title: string; phase: StepWords['phase']; phaseHeading: string };
const NO_TITLES: StepTitle[] = [];

/** The title and phase heading of every step, for the timeline; empty until the builders have loaded. */
export function useStepTitles(): StepTitle[] {
  const facts = useRunFacts();
  const words = useLoadedModule(loadWords);
  const module = words.status === 'loaded' ? words.module : null;
  return facts && module ? describeStepTitles(module, facts) : NO_TITLES;
}
