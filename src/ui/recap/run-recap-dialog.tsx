import { useMemo } from 'react';
import { summarizeRun, type CanonicalState, type RunRecap, findScenario } from '../../content/index.ts';
import { chooseScenario, useExplorerStore, type ExplorerState } from '../../store/index.ts';
import { PHASE_LABELS } from '../../trace/index.ts';
import { PHASE_STYLES } from '../step-format.ts';
import { DialogButton } from '../dialog-button.tsx';
import { useStepOutcomes } from '../use-step-outcomes.ts';

const selectSteps = (state: ExplorerState) => state.steps;
const selectStatus = (state: ExplorerState) => state.status;
const selectScenarioId = (state: ExplorerState) => (state.source.kind === 'live' ? state.scenarioId : null);

const STATE_WORDS: Record<CanonicalState, string> = { happened: 'happened', failed: 'failed', edited: 'edited by you', missing: 'did not happen' };

const STATE_STYLES: Record<CanonicalState, string> = {
  happened: 'border-slate-300 dark:border-slate-600',
  failed: 'border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100',
  edited: 'border-fuchsia-800 bg-fuchsia-50 text-fuchsia-900 dark:border-fuchsia-300 dark:bg-fuchsia-950 dark:text-fuchsia-100',
  missing: 'border-dashed border-slate-500 text-slate-700 line-through dark:text-slate-300',
};

const TRANSLATION_NAMES = { 1: 'MCP tools → provider tools', 2: 'provider tool call → MCP tools/call', 3: 'MCP result → provider tool message' } as const;

/** How far the run went: each of the article’s 20 steps, and each phase. */
function RecapProgress({ recap }: { recap: RunRecap }) {
  return (
    <>
      <section aria-labelledby="recap-steps">
        <h3 id="recap-steps" className="font-semibold">
          The article’s 20 steps in this run
        </h3>
        <ol className="mt-2 grid grid-cols-2 gap-1 sm:grid-cols-4 lg:grid-cols-5" data-testid="recap-steps">
          {recap.canonicalSteps.map((entry) => (
            <li
              key={entry.canonical}
              className={`rounded border px-2 py-1 ${STATE_STYLES[entry.state]}`}
              data-state={entry.state}
              data-canonical={entry.canonical}
              title={entry.note}
            >
              <span className="font-mono font-semibold">{entry.canonical}</span> {STATE_WORDS[entry.state]}
              {entry.rounds.length > 1 ? ` (rounds ${entry.rounds.join(', ')})` : ''}
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="recap-phases">
        <h3 id="recap-phases" className="font-semibold">
          Phases
        </h3>
        <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="recap-phases">
          {recap.phases.map((entry) => (
            <li key={entry.phase} className={`rounded px-2 py-1 ${PHASE_STYLES[entry.phase].band}`} data-phase={entry.phase}>
              <span className="font-semibold">{PHASE_LABELS[entry.phase]}</span>: {entry.canonicalReached} of {entry.canonicalTotal} steps
              {entry.extraSteps > 0 ? `, ${entry.extraSteps} more` : ''}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function RecapBody({ recap }: { recap: RunRecap }) {
  const next = recap.next ? findScenario(recap.next.scenarioId) : undefined;
  return (
    <div className="mt-3 flex flex-col gap-4 text-sm">
      <RecapProgress recap={recap} />
      <section aria-labelledby="recap-translations">
        <h3 id="recap-translations" className="font-semibold">
          Three translations
        </h3>
        <ul className="mt-2 flex flex-col gap-1" data-testid="recap-translations">
          {recap.translations.map((entry) => (
            <li key={entry.number} data-number={entry.number} data-times={entry.times}>
              <span className="font-semibold">#{entry.number}</span> {TRANSLATION_NAMES[entry.number]}:{' '}
              {entry.times === 0
                ? 'did not happen'
                : `${entry.times === 1 ? 'once' : `${entry.times} times`}, ${entry.changes} field change${entry.changes === 1 ? '' : 's'}, ${entry.warnings} warning${entry.warnings === 1 ? '' : 's'}`}
              {entry.failed ? <span className="ml-1 font-semibold text-red-800 dark:text-red-300">— failed</span> : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="recap-differences">
        <h3 id="recap-differences" className="font-semibold">
          What differed from the article’s one-call story
        </h3>
        {recap.differences.length === 0 ? (
          <p className="mt-1">Nothing: this run is the article’s story, step for step.</p>
        ) : (
          <ul className="mt-1 list-disc pl-5" data-testid="recap-differences">
            {recap.differences.map((difference) => (
              <li key={difference}>{difference}</li>
            ))}
          </ul>
        )}
      </section>
      {next && recap.next && (
        <section
          aria-labelledby="recap-next"
          className="rounded-md border border-sky-800 bg-sky-50 p-3 text-sky-950 dark:border-sky-300 dark:bg-sky-950 dark:text-sky-50"
        >
          <h3 id="recap-next" className="font-semibold">
            Try next
          </h3>
          <p className="mt-1">
            <strong>{next.title}</strong>: {recap.next.why}.
          </p>
          <form method="dialog">
            <button
              type="submit"
              className="mt-2 rounded-md bg-sky-900 px-3 py-1.5 text-sm font-medium text-white dark:bg-sky-200 dark:text-sky-950"
              onClick={() => chooseScenario(next.id)}
              data-testid="recap-try-next"
            >
              Load “{next.title}”
            </button>
          </form>
        </section>
      )}
    </div>
  );
}

/** A button, once the run has ended, that opens this run's recap over the article's steps, phases and translations. */
export function RunRecapButton() {
  const steps = useExplorerStore(selectSteps);
  const status = useExplorerStore(selectStatus);
  const scenarioId = useExplorerStore(selectScenarioId);
  const outcomes = useStepOutcomes();
  const recap = useMemo(() => summarizeRun({ steps, status, outcomes, scenarioId }), [steps, status, outcomes, scenarioId]);
  if (!recap) return null;
  return (
    <DialogButton
      label="Recap of this run"
      buttonClassName="rounded border border-slate-400 px-2 py-0.5 text-xs font-medium text-slate-800 hover:bg-slate-100 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800"
      buttonTestId="recap-button"
      title={`Recap: ${recap.recorded} steps recorded, ${recap.canonicalSteps.filter((entry) => entry.state !== 'missing').length} of the article’s 20`}
      dialogClassName="max-h-[90vh] w-[60rem] max-w-[95vw] p-5"
      dialogTestId="recap-dialog"
    >
      <RecapBody recap={recap} />
    </DialogButton>
  );
}
