import { useEffect, useMemo } from 'react';
import type { Step } from '../trace/index.ts';
import {
  labelToolCalls,
  findFocus,
  describeSessionNotFound,
  INSTRUMENTATION_BADGE,
  INSTRUMENTATION_NOTE,
  isServerInstrumentation,
  describeStepNumberShort,
} from '../content/index.ts';
import { PARTICIPANT_LABELS, PHASE_LABELS } from '../trace/index.ts';
import { selectCurrentStep, selectShownAnswer, useExplorerStore, type ExplorerState } from '../store/index.ts';
import { describeEditedStep, selectEditBefore } from './edit/edit-credit.ts';
import { LongText } from './json/long-text-notice.tsx';
import { LegacyFunctionsButton } from './legacy-functions-button.tsx';
import { PHASE_STYLES, formatStepNumber } from './step-format.ts';
import { useCurrentStepWords } from './use-step-words.ts';
import { FAILURE_LABELS } from './step-outcome.ts';
import { useCurrentStepOutcome } from './use-step-outcomes.ts';
import { rememberModule, useLoadedModule } from './use-loaded-module.ts';
import { whenFirstStepOrIdle } from './wait-for-first-step.ts';

// "Edit before sending" is offered only at an editable gate, which only the engine opens: its dialog is a chunk fetched once
// step 1 is on screen, as the engine is (StepCaption asks for it when it mounts), not part of the first page.
const loadEditDialog = rememberModule(() => whenFirstStepOrIdle().then(() => import('./edit/edit-message-dialog.tsx')));

/** The edit button (edit/edit-message-dialog.tsx) once its chunk is in: before, as at a step that is no editable gate, there is none. */
function EditMessageButton() {
  const dialog = useLoadedModule(loadEditDialog);
  return dialog.status === 'loaded' ? <dialog.module.EditMessageButton /> : null;
}

const selectRunWire = (state: ExplorerState) => state.runWire;
const selectSteps = (state: ExplorerState) => state.steps;
const selectCursor = (state: ExplorerState) => state.cursor;
const selectPending = (state: ExplorerState) => (state.cursor === state.steps.length - 1 ? state.pending : null);

/** What the step is besides its title: whose call it is for, that it failed, that it is instrumentation, edited or deprecated. */
function StepBadges({ step, callLabel, outcome }: { step: Step; callLabel: string | null; outcome: ReturnType<typeof useCurrentStepOutcome> }) {
  return (
    <>
      {callLabel && (
        <span className="font-mono text-xs" data-testid="caption-call">
          for {callLabel}
        </span>
      )}{' '}
      {outcome?.failed && (
        <span className="ml-2 rounded bg-red-700 px-1.5 py-0.5 text-xs font-semibold text-white" data-testid="caption-failed">
          {FAILURE_LABELS[outcome.situation]}
        </span>
      )}{' '}
      {isServerInstrumentation(step.id) && (
        <span
          className="ml-2 rounded border border-amber-700 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-300 dark:text-amber-200"
          title={INSTRUMENTATION_NOTE}
          data-testid="caption-instrumentation"
        >
          {INSTRUMENTATION_BADGE}
        </span>
      )}{' '}
      {step.edited && <span className="ml-2 rounded bg-fuchsia-800 px-1.5 py-0.5 text-xs font-semibold text-white">edited by you</span>}
      {step.deprecated && (
        <span
          className="ml-2 rounded border border-slate-700 px-1.5 py-0.5 text-xs font-semibold text-slate-800 dark:border-slate-300 dark:text-slate-100"
          title={step.deprecated.note}
          data-testid="caption-deprecated"
        >
          deprecated in {step.deprecated.era}
        </span>
      )}
    </>
  );
}

/** One line above the graph: what the step on show is, and what the host will send next. */
export function StepCaption() {
  const step = useExplorerStore(selectCurrentStep);
  const pending = useExplorerStore(selectPending);
  const outcome = useCurrentStepOutcome();
  const wire = useExplorerStore(selectRunWire);
  const steps = useExplorerStore(selectSteps);
  const cursor = useExplorerStore(selectCursor);
  const callLabels = useMemo(() => labelToolCalls({ steps }), [steps]);
  const callLabel = callLabels[cursor] ?? null;
  useEffect(() => void loadEditDialog().catch(() => {}), []);
  // The step's lesson is in its first highlight: said here, above the graph, so no payload needs scrolling to find it.
  const lesson = step ? findFocus({ stepId: step.id, wire }).find((focus) => !focus.optional) : undefined;
  const failed = step?.kind === 'fault' || outcome?.failed === true;
  const sessionNotice = describeSessionNotFound({ step });
  const words = useCurrentStepWords();
  return (
    <div className="flex min-h-14 flex-col justify-center gap-1" aria-live="polite" data-testid="step-caption">
      {step ? (
        <p className="text-sm">
          <span className={`mr-2 rounded px-2 py-0.5 font-mono text-xs font-semibold ${failed ? 'bg-red-700 text-white' : PHASE_STYLES[step.phase].badge}`}>
            {step.canonical === null && step.kind !== 'fault' ? formatStepNumber(step) : describeStepNumberShort(step)}
          </span>{' '}
          {/* The spaces between the parts are text, not margins: the live region reads "Step 5 Discovery", not "Step 5Discovery". */}
          <span className="text-slate-500 dark:text-slate-400">
            {PHASE_LABELS[words?.phase ?? step.phase]} · {PARTICIPANT_LABELS[step.from]} → {PARTICIPANT_LABELS[step.to]}:{' '}
          </span>
          <span className={`font-medium ${failed ? 'text-red-800 dark:text-red-200' : ''}`}>{words?.title.text ?? step.title}</span>{' '}
          <StepBadges step={step} callLabel={callLabel} outcome={outcome} />
        </p>
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">Five parts, two protocols, three translations. Press Next to begin.</p>
      )}
      {step && isServerInstrumentation(step.id) && (
        <p className="text-xs text-amber-900 dark:text-amber-200" data-testid="caption-instrumentation-note">
          {INSTRUMENTATION_NOTE}
        </p>
      )}
      <LegacyFunctionsButton />
      {sessionNotice && (
        <p className="text-xs font-medium text-amber-900 dark:text-amber-200" data-testid="caption-404">
          {sessionNotice}
        </p>
      )}
      {/* The step's lesson and what comes next share a line where there is room: the graph keeps its height on a laptop screen. */}
      {(lesson || pending) && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-0.5">
          {lesson && (
            <p className="text-xs text-slate-600 dark:text-slate-300" data-testid="caption-lesson">
              Look at <code className="font-mono font-semibold">{lesson.path}</code>: {lesson.note}
            </p>
          )}
          {pending && (
            <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
              Next: {pending.title}
              <EditMessageButton />
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** The answer's words and, after an edit, whose run it is: in the graph's answer node, or in the box under the sequence diagram. */
/** `shown`: the one on the screen (the live region's copy is for screen readers), which carries the test ids. */
export function AnswerText({ answer, editBefore, shown }: { answer: string; editBefore: Step | undefined; shown: boolean }) {
  return (
    <>
      <span className="mr-2 text-xs font-medium tracking-wide text-emerald-800 uppercase dark:text-emerald-300">Answer</span> <LongText text={answer} />
      {editBefore && (
        <span className="mt-1 block text-sm font-normal text-fuchsia-800 dark:text-fuchsia-300" data-testid={shown ? 'answer-edit-note' : undefined}>
          Not the model&apos;s own run: this answer follows from your edit at {describeEditedStep(editBefore)}. The model built it on what your version
          produced.
        </span>
      )}
    </>
  );
}

/** The box the answer is shown in, a keyboard's to scroll too: at most 6rem (15% of the window) high, so a long answer scrolls inside it. */
export const ANSWER_BOX =
  'max-h-[min(6rem,15dvh)] overflow-y-auto rounded-md border border-emerald-300 bg-emerald-50 px-3 py-1.5 text-lg font-semibold text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100';

/**
 * The answer as it reaches the user. In the graph it is a node beside the User (lifecycle-graph.tsx): laid over the
 * graph's foot it covered the nodes of the steps after it, and under it it took the graph's height. Here is the live
 * region that says it, always in the page (one inserted with its text is not read by every screen reader), and, under
 * the sequence diagram, the box that shows it.
 */
export function AnswerBox({ inGraph }: { inGraph: boolean }) {
  const answer = useExplorerStore(selectShownAnswer);
  const editBefore = useExplorerStore(selectEditBefore);
  return (
    <div className={inGraph ? 'sr-only' : 'shrink-0 px-2 pt-1'} aria-live="polite" data-testid="answer-area">
      {answer !== null &&
        (inGraph ? (
          <span>
            <AnswerText answer={answer} editBefore={editBefore} shown={false} />
          </span>
        ) : (
          // Focusable, so a keyboard can scroll it too.
          <p className={ANSWER_BOX} tabIndex={0} data-testid="answer">
            <AnswerText answer={answer} editBefore={editBefore} shown />
          </p>
        ))}
    </div>
  );
}
