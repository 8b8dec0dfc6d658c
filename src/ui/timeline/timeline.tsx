import { memo, useEffect, useRef } from 'react';
import type { Step } from '../../lifecycle/trace.ts';
import { PARTICIPANT_LABELS, PHASE_LABELS, type Phase } from '../../lifecycle/vocabulary.ts';
import { goToStep } from '../../store/actions.ts';
import { useExplorerStore } from '../../store/explorer-store.ts';
import { PHASE_STYLES, formatStepNumber } from '../step-format.ts';

const selectSteps = (state: { steps: Step[] }) => state.steps;
const selectCursor = (state: { cursor: number }) => state.cursor;
const selectPending = (state: { pending: { title: string; canonical: number | null } | null }) => state.pending;

type RowProps = { step: Step; index: number; current: boolean };

const TimelineRow = memo(function TimelineRow({ step, index, current }: RowProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (current) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [current]);
  const fault = step.kind === 'fault';
  return (
    <li>
      <button
        ref={ref}
        type="button"
        onClick={() => goToStep(index)}
        aria-current={current ? 'step' : undefined}
        data-testid="timeline-step"
        data-step-id={step.id}
        data-canonical={step.canonical ?? ''}
        className={`flex w-full items-start gap-2 rounded-md px-2 py-1.5 text-left text-sm transition-colors ${
          current
            ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900'
            : fault
              ? 'text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950'
              : 'hover:bg-slate-100 dark:hover:bg-slate-800'
        }`}
      >
        <span
          className={`mt-0.5 inline-flex h-6 min-w-7 shrink-0 items-center justify-center rounded px-1 font-mono text-xs font-semibold ${
            fault ? 'bg-red-600 text-white' : PHASE_STYLES[step.phase].badge
          }`}
          aria-label={step.canonical === null ? 'extra step' : `step ${step.canonical}`}
        >
          {formatStepNumber(step)}
        </span>
        <span className="min-w-0">
          <span className="block leading-snug">{step.title}</span>
          <span className={`block text-xs ${current ? 'text-slate-300 dark:text-slate-600' : 'text-slate-500 dark:text-slate-400'}`}>
            {PARTICIPANT_LABELS[step.from]} → {PARTICIPANT_LABELS[step.to]}
            {step.iteration > 1 ? ` · round ${step.iteration}` : ''}
          </span>
        </span>
      </button>
    </li>
  );
});

export function Timeline() {
  const steps = useExplorerStore(selectSteps);
  const cursor = useExplorerStore(selectCursor);
  const pending = useExplorerStore(selectPending);
  return (
    <nav aria-label="Timeline of steps" className="flex h-full min-h-0 flex-col">
      <h2 className="px-3 pt-3 pb-2 text-sm font-semibold text-slate-700 dark:text-slate-200">
        Timeline <span className="font-normal text-slate-500">· {steps.length} step{steps.length === 1 ? '' : 's'} recorded</span>
      </h2>
      <ol className="min-h-0 flex-1 space-y-0.5 overflow-y-auto px-2 pb-3" data-testid="timeline">
        {steps.length === 0 && (
          <li className="px-2 py-4 text-sm text-slate-500 dark:text-slate-400">
            Nothing has happened yet. Press <strong>Next</strong> (or →) to send the question on its way, one real message at a time.
          </li>
        )}
        {steps.map((step, index) => {
          const header = step.phase !== steps[index - 1]?.phase ? step.phase : undefined;
          return (
            <PhaseGroup key={step.n} header={header}>
              <TimelineRow step={step} index={index} current={index === cursor} />
            </PhaseGroup>
          );
        })}
        {pending && cursor === steps.length - 1 && (
          <li className="px-2 py-1.5 text-sm text-slate-400 italic dark:text-slate-500" data-testid="timeline-next">
            Next: {pending.title}
          </li>
        )}
      </ol>
    </nav>
  );
}

function PhaseGroup({ header, children }: { header: Phase | undefined; children: React.ReactNode }) {
  if (!header) return children;
  return (
    <>
      <li aria-hidden="true" className={`mt-2 mb-1 rounded px-2 py-0.5 text-[11px] font-semibold tracking-wide uppercase ${PHASE_STYLES[header].band}`}>
        {PHASE_LABELS[header]}
      </li>
      {children}
    </>
  );
}
