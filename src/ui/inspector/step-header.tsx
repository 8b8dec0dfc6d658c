import { describeStepNumberLong, PHASE_SUMMARIES } from '../../content/index.ts';
import { selectIsReplay, useExplorerStore } from '../../store/index.ts';
import { PARTICIPANT_LABELS, PHASE_LABELS, type Step } from '../../trace/index.ts';
import { describeEditedStep, selectEditBefore } from '../edit/edit-credit.ts';
import { CopyStepLink } from '../sharing/copy-step-link.tsx';
import { STEP_TITLE_TIMING } from '../shell/first-step-names.ts';
import { PHASE_STYLES } from '../step-format.ts';
import { FAILURE_LABELS } from '../step-outcome.ts';
import type { useCurrentStepOutcome } from '../use-step-outcomes.ts';
import type { useCurrentStepWords } from '../use-step-words.ts';
import { FullScreenButton } from './full-screen-button.tsx';
import { StepTimeText } from './step-time-text.tsx';

const selectStepCount = (state: { steps: Step[] }) => state.steps.length;

/** The step's number, phase, who talks to whom, round, time, and the marks of a failed, edited or replayed step. */
function StepBadges({
  step,
  phase,
  total,
  replay,
  outcome,
}: {
  step: Step;
  phase: Step['phase'];
  total: number;
  replay: boolean;
  outcome: ReturnType<typeof useCurrentStepOutcome>;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <span className={`rounded px-2 py-0.5 font-mono font-semibold ${step.kind === 'fault' ? 'bg-red-800 text-white' : PHASE_STYLES[step.phase].badge}`}>
        {describeStepNumberLong(step)}
      </span>
      <span className="text-slate-600 dark:text-slate-300">{PHASE_LABELS[phase]}</span>
      <span className="text-slate-500">·</span>
      <span className="text-slate-600 dark:text-slate-300">
        {PARTICIPANT_LABELS[step.from]} → {PARTICIPANT_LABELS[step.to]}
      </span>
      {step.iteration > 1 && <span className="text-slate-600 dark:text-slate-300">· round {step.iteration}</span>}
      <span className="text-slate-500">
        · #{step.n} of {total} recorded ·{' '}
      </span>
      <StepTimeText step={step} />
      {outcome?.failed && (
        <span className="rounded bg-red-700 px-2 py-0.5 font-semibold text-white" data-testid="failed-badge">
          {FAILURE_LABELS[outcome.situation]}
        </span>
      )}
      {step.edited && (
        <span className="rounded bg-fuchsia-800 px-2 py-0.5 font-semibold text-white" data-testid="edited-badge">
          Edited by you
        </span>
      )}
      {replay && <span className="rounded bg-slate-200 px-2 py-0.5 text-slate-700 dark:bg-slate-700 dark:text-slate-200">Replay of a recorded step</span>}
    </div>
  );
}

/**
 * The inspector's head: the step's badges, its title with its own buttons, and its words (made from what the run
 * recorded, src/content/step-words.ts), with the marks of a deprecated, noted or edited step.
 */
export function StepHeader({
  step,
  outcome,
  words,
}: {
  step: Step;
  outcome: ReturnType<typeof useCurrentStepOutcome>;
  words: ReturnType<typeof useCurrentStepWords>;
}) {
  const total = useExplorerStore(selectStepCount);
  const replay = useExplorerStore(selectIsReplay);
  const editBefore = useExplorerStore(selectEditBefore);
  const summary = words?.summary?.text;
  return (
    <>
      {/* Squat (a 720- or 768-line screen), the step's words take at most two fifths of the panel and scroll in it: the payload keeps the rest, its first lines in view at every step. */}
      <header className="border-b border-slate-200 px-4 py-2 squat:max-h-[40%] squat:shrink-0 squat:overflow-y-auto dark:border-slate-700">
        <StepBadges step={step} phase={words?.phase ?? step.phase} total={total} replay={replay} outcome={outcome} />
        {/* The step's own buttons beside its title: on their own line they cost a line of the payload on a 720-line screen. */}
        <div className="mt-1 flex flex-wrap items-start gap-x-2 gap-y-1">
          <h2 className="min-w-0 flex-1 basis-64 text-base font-semibold" data-testid="inspector-title" elementtiming={STEP_TITLE_TIMING}>
            {words?.title.text ?? step.title}
          </h2>
          <CopyStepLink step={step} />
          <FullScreenButton />
        </div>
        {step.deprecated && (
          <p className="mt-1 text-xs font-semibold text-slate-800 dark:text-slate-100" data-testid="inspector-deprecated">
            Deprecated in {step.deprecated.era}: {step.deprecated.note}
          </p>
        )}
        {summary && (
          <p className={`mt-1 text-sm ${outcome?.failed ? 'text-red-800 dark:text-red-200' : 'text-slate-700 dark:text-slate-200'}`} data-testid="step-summary">
            {summary}
          </p>
        )}
        {/* One line of it on a squat screen (the rest a hover away, and whole for a screen reader): the payload keeps its lines. */}
        <p className="mt-1 text-xs text-slate-500 squat:line-clamp-1 dark:text-slate-400" title={words?.phaseHeading.text} data-testid="phase-summary">
          {words?.phaseHeading.text ?? (step.phase === 'discovery' ? PHASE_SUMMARIES.discovery : '')}
        </p>
        {step.note && <p className="mt-1 text-sm text-violet-700 dark:text-violet-300">{step.note}</p>}
        {step.edited && (
          <p className="mt-1 text-sm text-fuchsia-800 dark:text-fuchsia-300">
            You changed this message at the host&apos;s gate: the other side received your version, not the one the host wrote.
          </p>
        )}
        {editBefore && (
          <p className="mt-1 text-sm text-fuchsia-800 dark:text-fuchsia-300" data-testid="follows-edit">
            Follows from your edit at {describeEditedStep(editBefore)}: what happens here answers your version of that message, not the one the host wrote.
          </p>
        )}
      </header>
    </>
  );
}
