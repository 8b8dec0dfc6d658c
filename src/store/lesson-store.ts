import { createStore, type StoreApi } from 'zustand/vanilla';
import { DEFAULT_LESSON, mergeLessonPlans, parseLessonPlan, readLessonParameters, type LessonPlan } from '../content/index.ts';
import type { PredictionKind } from '../content/index.ts';
import { definePageStore } from './page-store.ts';

/**
 * The lesson tools' own state, apart from the explorer's: which tools are open, the
 * teacher's plan, and the learner's predictions. Loaded only with the lesson bar, so
 * the first page carries none of it.
 */
export type LessonTool = 'predict' | 'twins' | 'model-view' | 'code';

/** A learner's prediction: made while the step at askedAt (its n) was on show, graded once the run has the step it is about. */
export type Prediction = { runId: number; askedAt: number; stepN: number; kind: PredictionKind; given: string };

export type LessonState = {
  open: Record<LessonTool, boolean>;
  plan: LessonPlan;
  planWarnings: string[];
  predictions: Prediction[];
};

export function createLessonStore(): StoreApi<LessonState> {
  return createStore<LessonState>()(() => ({
    open: { predict: false, twins: false, 'model-view': false, code: false },
    plan: DEFAULT_LESSON,
    planWarnings: [],
    predictions: [],
  }));
}

export const useLessonStore = definePageStore(createLessonStore);

export function toggleLessonTool(tool: LessonTool): void {
  useLessonStore.setState((state) => ({ open: { ...state.open, [tool]: !state.open[tool] } }));
}

export function recordPrediction(prediction: Prediction): void {
  useLessonStore.setState((state) => ({
    predictions: [
      ...state.predictions.filter((entry) => !(entry.runId === prediction.runId && entry.askedAt === prediction.askedAt && entry.kind === prediction.kind)),
      prediction,
    ],
  }));
}

/**
 * The teacher's plan: the lesson file named by ?lesson= (any URL the page may fetch;
 * its text is shown as text), then the notes and questions in the address over it.
 */
export async function loadLessonPlan(search: string, fetchFile: typeof fetch = fetch): Promise<void> {
  const overlay = readLessonParameters(search);
  let base = DEFAULT_LESSON;
  const warnings: string[] = [];
  if (overlay.lessonUrl) {
    try {
      const response = await fetchFile(new URL(overlay.lessonUrl, document.baseURI), { credentials: 'omit' });
      if (!response.ok) throw new Error(`it answered ${response.status}`);
      const { result, warnings: problems } = parseLessonPlan(await response.text());
      if (result) base = { ...result, questions: { ...DEFAULT_LESSON.questions, ...result.questions } };
      warnings.push(...problems);
    } catch (error) {
      warnings.push(
        `The lesson file ${overlay.lessonUrl} could not be read (${error instanceof Error ? error.message : String(error)}): the built-in questions are used. Check the address and that its server allows this page to fetch it.`,
      );
    }
  }
  useLessonStore.setState({ plan: mergeLessonPlans({ base, overlay }), planWarnings: warnings });
}
