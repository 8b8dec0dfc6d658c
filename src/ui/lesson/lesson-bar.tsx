import { lazy, Suspense, useEffect } from 'react';
import { selectCurrentStep, useExplorerStore, loadLessonPlan, toggleLessonTool, useLessonStore, type LessonTool } from '../../store/index.ts';

// Each tool is its own chunk, fetched when the learner first opens it.
const PredictPanel = lazy(() => import('./predict-panel.tsx').then((module) => ({ default: module.PredictPanel })));
const EraTwinView = lazy(() => import('./era-twin-view.tsx').then((module) => ({ default: module.EraTwinView })));
const ModelInputView = lazy(() => import('./model-input-view.tsx').then((module) => ({ default: module.ModelInputView })));
const StepCodeView = lazy(() => import('./step-code-view.tsx').then((module) => ({ default: module.StepCodeView })));

const TOOLS: { id: LessonTool; label: string }[] = [
  { id: 'predict', label: 'Predict the next step' },
  { id: 'twins', label: 'Era twins' },
  { id: 'model-view', label: 'What the model sees' },
  { id: 'code', label: 'Code behind the step' },
];

function TeacherNote() {
  const step = useExplorerStore(selectCurrentStep);
  const note = useLessonStore((state) => (step ? state.plan.notes[step.id] : undefined));
  const title = useLessonStore((state) => state.plan.title);
  if (!note) return null;
  return (
    <p
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      data-testid="teacher-note"
    >
      <span className="font-semibold">Teacher&apos;s note{title ? ` (${title})` : ''}: </span>
      {note}
    </p>
  );
}

const loading = <p className="text-sm text-slate-600 dark:text-slate-300">Loading…</p>;

/** The four switches of the lesson tools; they sit on the scenario's line, where there is room, so the graph keeps its height. */
export function LessonSwitches() {
  const open = useLessonStore((state) => state.open);
  return (
    <div role="group" aria-label="Lesson tools" className="flex flex-wrap items-center gap-1.5" data-testid="lesson-switches">
      <span className="text-xs font-semibold text-slate-700 dark:text-slate-200">Lesson:</span>
      {TOOLS.map((tool) => (
        <button
          key={tool.id}
          type="button"
          aria-pressed={open[tool.id]}
          onClick={() => toggleLessonTool(tool.id)}
          className={`rounded-md border px-2 py-0.5 text-xs ${open[tool.id] ? 'border-slate-900 bg-slate-900 text-white dark:border-slate-100 dark:bg-slate-100 dark:text-slate-900' : 'border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800'}`}
        >
          {tool.label}
        </button>
      ))}
    </div>
  );
}

/** The open lesson tools, the lesson plan's warnings and the teacher's note for the step on show; nothing at all when none is there. */
export function LessonBar() {
  const open = useLessonStore((state) => state.open);
  const warnings = useLessonStore((state) => state.planWarnings);
  const step = useExplorerStore(selectCurrentStep);
  const hasNote = useLessonStore((state) => (step ? Object.hasOwn(state.plan.notes, step.id) : false));
  useEffect(() => {
    void loadLessonPlan(window.location.search);
  }, []);
  if (warnings.length === 0 && !hasNote && !Object.values(open).some(Boolean)) return null;
  return (
    <section
      aria-label="Lesson tools"
      className="flex flex-col gap-2 border-b border-slate-200 bg-white px-3 py-2 dark:border-slate-800 dark:bg-slate-900"
      data-testid="lesson-bar"
    >
      {warnings.map((warning) => (
        <p key={warning} role="alert" className="text-sm text-red-800 dark:text-red-200">
          {warning}
        </p>
      ))}
      <TeacherNote />
      <Suspense fallback={loading}>
        {open.predict && <PredictPanel />}
        {open['model-view'] && <ModelInputView />}
        {open.code && <StepCodeView />}
        {open.twins && <EraTwinView />}
      </Suspense>
    </section>
  );
}
