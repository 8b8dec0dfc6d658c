import { Fragment, memo, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { labelToolCalls, INSTRUMENTATION_BADGE, isServerInstrumentation, describeStepNumberShort } from '../../content/index.ts';
import type { MissingStep } from '../../content/missing-steps.ts';
import type { Step } from '../../trace/index.ts';
import { PARTICIPANT_LABELS, PHASE_LABELS, type Phase } from '../../trace/index.ts';
import { useStepTitles } from '../use-step-words.ts';
import { rememberModule, useLoadedModule } from '../use-loaded-module.ts';
import { goToStep, useExplorerStore, type ExplorerState } from '../../store/index.ts';
import { PHASE_STYLES, formatStepNumber } from '../step-format.ts';
import { FAILURE_LABELS } from '../step-outcome.ts';
import { useStepOutcomes } from '../use-step-outcomes.ts';
import { findSkippedSteps } from './skipped-steps.ts';
import { useTimelineWindow } from './use-timeline-window.ts';
import { groupByIndex, groupMissingSteps, MissingRow, SkippedRow } from './timeline-gaps.tsx';

const selectSteps = (state: ExplorerState) => state.steps;
const selectStatus = (state: ExplorerState) => state.status;

// What a finished run never reached, and why (the provider-side words among them), is a chunk fetched once the timeline has
// mounted, after the first paint: no run has finished before then. Until it arrives the timeline shows the recorded steps.
const loadMissingSteps = rememberModule(() => import('../../content/missing-steps.ts'));

/** failedLabel: the step is where its round left the happy path (a refusal, an error), in a word or two. */
/** callLabel: which of a round's several tool calls the step is for. */
type RowProps = { step: Step; title: string; index: number; failedLabel?: string; callLabel?: string | null };

/**
 * Brings the current row into view inside the timeline's own list only. scrollIntoView
 * would scroll every scrolling ancestor too, and on a phone, where the page scrolls,
 * each step would pull the page down to the timeline, away from the graph.
 */
function scrollIntoList(row: HTMLElement): void {
  const list = row.closest('[data-testid="timeline"]');
  if (!(list instanceof HTMLElement)) return;
  const rowBox = row.getBoundingClientRect();
  const listBox = list.getBoundingClientRect();
  if (rowBox.top < listBox.top) list.scrollTop -= listBox.top - rowBox.top;
  else if (rowBox.bottom > listBox.bottom) list.scrollTop += rowBox.bottom - listBox.bottom;
}

/**
 * Offscreen rows skip style, layout and paint (they stay in the document, so Tab, find in
 * page and screen readers still reach every step); the size is a guess until first shown.
 * The current row is always laid out: a new row is offscreen when it becomes current, and
 * scrolled to by its guessed height it was left part hidden below the list once drawn.
 */
const ROW_STYLE = { contentVisibility: 'auto', containIntrinsicSize: 'auto 52px' } as const;

/** Each row watches only whether it is the current one, so a step change re-renders two rows, not the whole list. */
const TimelineRow = memo(function TimelineRow({ step, title, index, failedLabel, callLabel }: RowProps) {
  const current = useExplorerStore((state) => state.cursor === index);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const row = ref.current;
    if (!current || !row) return;
    // Measured at the next frame, with the frame's own layout: measured here, the layout was forced
    // in the middle of the step's effects and done again for the frame (a quarter of a step's main-thread time).
    let frame = requestAnimationFrame(() => {
      scrollIntoList(row);
      frame = requestAnimationFrame(() => scrollIntoList(row));
    });
    return () => cancelAnimationFrame(frame);
    // Its words too: a row's title can grow while it is current (the GET stream's step says the status once the
    // server has answered, which a busy server does after the step is shown), and a line more left it part hidden.
  }, [current, title, failedLabel, callLabel]);
  const fault = step.kind === 'fault' || failedLabel !== undefined;
  const route = `${PARTICIPANT_LABELS[step.from]} → ${PARTICIPANT_LABELS[step.to]}`;
  const number = describeStepNumberShort(step);
  return (
    <li className={`border-l-4 pl-1 ${PHASE_STYLES[step.phase].border}`} style={current ? undefined : ROW_STYLE}>
      {/* The name is the visible text (no aria-label that says something else); the words a sighted learner reads in the badge's place are for screen readers only. */}
      <button
        ref={ref}
        type="button"
        onClick={() => goToStep(index)}
        aria-current={current ? 'step' : undefined}
        // One row in the Tab order (the current one): the arrow keys move between rows, so Tab reaches the inspector past them.
        tabIndex={current ? 0 : -1}
        data-testid="timeline-step"
        data-index={index}
        data-step-id={step.id}
        data-canonical={step.canonical ?? ''}
        data-failed={failedLabel !== undefined ? '' : undefined}
        // Inside the row: the row paints only within itself (content-visibility), so a ring outside it would be cut.
        className={`flex w-full items-start gap-2 rounded-md px-2 py-1.5 text-left text-sm transition-colors focus-visible:-outline-offset-2 ${
          current
            ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900'
            : fault
              ? 'text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950'
              : 'hover:bg-slate-100 dark:hover:bg-slate-800'
        }`}
      >
        <span
          className={`mt-0.5 inline-flex h-6 min-w-7 shrink-0 items-center justify-center rounded px-1 font-mono text-xs font-semibold ${
            fault ? 'bg-red-800 text-white' : PHASE_STYLES[step.phase].badge
          }`}
          aria-hidden="true"
        >
          {formatStepNumber(step)}
        </span>
        <span className="min-w-0">
          <span className="sr-only">{number}: </span>
          <span className="block leading-snug">
            {title}
            {callLabel && (
              <span className="font-mono text-xs" data-testid="call-label">
                {' '}
                · {callLabel}
              </span>
            )}
            <span className="sr-only">.</span>
          </span>
          <span className={`block text-xs ${current ? 'text-slate-300 dark:text-slate-700' : 'text-slate-500 dark:text-slate-400'}`}>
            {route}
            {step.iteration > 1 ? ` · round ${step.iteration}` : ''}
            {failedLabel ? ` · failed: ${failedLabel}` : ''}
            {step.edited ? ' · edited by you' : ''}
            {isServerInstrumentation(step.id) ? ` · ${INSTRUMENTATION_BADGE}` : ''}
            {step.deprecated ? ` · deprecated in ${step.deprecated.era}` : ''}
          </span>
        </span>
      </button>
    </li>
  );
});

function PhaseHeader({ phase, heading }: { phase: Phase; heading: string }) {
  return (
    <li
      aria-hidden="true"
      className={`mt-2 mb-1 rounded px-2 py-0.5 text-[11px] font-semibold tracking-wide uppercase ${PHASE_STYLES[phase].band}`}
      title={heading}
    >
      {PHASE_LABELS[phase]}
    </li>
  );
}

const selectScrubber = (state: ExplorerState) => ({ cursor: state.cursor, count: state.steps.length, title: state.steps[state.cursor]?.title });

function TimelineScrubber() {
  const { cursor, count, title } = useExplorerStore(useShallow(selectScrubber));
  if (count <= 1) return null;
  return (
    <input
      type="range"
      min={0}
      max={count - 1}
      value={Math.max(cursor, 0)}
      onChange={(event) => goToStep(Number(event.target.value))}
      aria-label="Scrub through the recorded steps"
      aria-valuetext={title !== undefined ? `${cursor + 1} of ${count}: ${title}` : undefined}
      className="mt-2 w-full accent-slate-900 dark:accent-slate-100"
      data-testid="timeline-scrubber"
    />
  );
}

const selectPendingAtEnd = (state: ExplorerState) => (state.pending && state.cursor === state.steps.length - 1 ? state.pending.title : null);

function PendingRow() {
  const title = useExplorerStore(selectPendingAtEnd);
  if (title === null) return null;
  return (
    <li className="px-2 py-1.5 text-sm text-slate-600 italic dark:text-slate-400" data-testid="timeline-next">
      Next: {title}
    </li>
  );
}

/** The list itself depends on the recorded steps only: moving the cursor does not re-render it. */
export function Timeline() {
  const steps = useExplorerStore(selectSteps);
  const status = useExplorerStore(selectStatus);
  const missingSteps = useLoadedModule(loadMissingSteps);
  const findMissingSteps = missingSteps.status === 'loaded' ? missingSteps.module.findMissingSteps : undefined;
  const missingByIndex = useMemo(() => groupMissingSteps(findMissingSteps ? findMissingSteps({ steps, status }) : []), [findMissingSteps, steps, status]);
  const missingAfter = (index: number) => missingByIndex.get(index) ?? NO_MISSING;
  const outcomes = useStepOutcomes();
  const callLabels = useMemo(() => labelToolCalls({ steps }), [steps]);
  const skippedByIndex = useMemo(() => groupByIndex(findSkippedSteps({ steps, outcomes })), [steps, outcomes]);
  const words = useStepTitles();
  const listRef = useRef<HTMLOListElement>(null);
  const shown = useTimelineWindow(listRef, steps.length);
  // Until the word builders have loaded, the recorded phase (the authorization flow's own in a new trace).
  const phaseOf = (index: number): Phase | undefined => words[index]?.phase ?? steps[index]?.phase;
  return (
    <nav aria-label="Timeline of steps" className="flex h-full min-h-0 flex-col">
      <div className="px-3 pt-3 pb-2">
        <h2 className="text-sm font-semibold text-slate-700 dark:text-slate-200">
          Timeline{' '}
          <span className="font-normal text-slate-500">
            · {steps.length} step{steps.length === 1 ? '' : 's'} recorded
          </span>
        </h2>
        <TimelineScrubber />
      </div>
      {/* relative: the rows' screen-reader text (sr-only, absolutely placed) is placed and clipped in the list; placed by the panel, it lay past the window and the page scrolled into blank space, 950 px of it at 1440 wide. */}
      <ol
        ref={listRef}
        className="relative min-h-0 flex-1 space-y-0.5 overflow-y-auto px-2 pb-3"
        data-testid="timeline"
        data-windowed={shown.windowed ? '' : undefined}
        onKeyDown={(event) => moveBetweenRows(event, steps.length, shown.focusStep)}
      >
        {steps.length === 0 && (
          <li className="px-2 py-4 text-sm text-slate-500 dark:text-slate-400">
            Nothing has happened yet. Press <strong>Next</strong> (or →) to send the question on its way, one real message at a time.
          </li>
        )}
        {shown.start === 0 && missingAfter(-1).map((entry) => <MissingRow key={`missing-${entry.canonical}`} missing={entry} />)}
        {shown.spaceBefore > 0 && <li aria-hidden="true" style={{ height: shown.spaceBefore }} data-testid="timeline-space" />}
        {steps.slice(shown.start, shown.end).map((step, offset) => {
          const index = shown.start + offset;
          return (
            <Fragment key={step.n}>
              {phaseOf(index) !== phaseOf(index - 1) && (
                <PhaseHeader phase={phaseOf(index)!} heading={words[index]?.phaseHeading ?? PHASE_LABELS[step.phase]} />
              )}
              <TimelineRow
                step={step}
                title={words[index]?.title ?? step.title}
                index={index}
                failedLabel={outcomes[index]?.failed ? FAILURE_LABELS[outcomes[index].situation] : undefined}
                callLabel={callLabels[index]}
              />
              {skippedByIndex.has(index) && <SkippedRow skipped={skippedByIndex.get(index)!} />}
              {missingAfter(index).map((entry) => (
                <MissingRow key={`missing-${entry.canonical}`} missing={entry} />
              ))}
            </Fragment>
          );
        })}
        {shown.spaceAfter > 0 && <li aria-hidden="true" style={{ height: shown.spaceAfter }} data-testid="timeline-space" />}
        <PendingRow />
      </ol>
    </nav>
  );
}

const NO_MISSING: MissingStep[] = [];

/** Up and Down (Home, End) move the focus between rows, drawn first when out of a long list's window; Enter or Space on a row opens its step, as on any button. */
function moveBetweenRows(event: KeyboardEvent<HTMLOListElement>, count: number, focusStep: (index: number) => void): void {
  const row = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[data-testid="timeline-step"]') : null;
  if (!row) return;
  const at = Number(row.dataset.index);
  const target = { ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: count - 1 }[event.key];
  if (target === undefined) return;
  event.preventDefault();
  focusStep(Math.min(Math.max(target, 0), count - 1));
}
