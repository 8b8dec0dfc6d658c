import { useState } from 'react';
import { alignTraces, type AlignedRow, findEraRefusal, findScenario } from '../../content/index.ts';
import { runEraTwins, useExplorerStore } from '../../store/index.ts';
import type { Step } from '../../trace/index.ts';
import { ERAS } from '../../trace/index.ts';

type Twins = { status: 'idle' } | { status: 'running' } | { status: 'shown'; rows: AlignedRow[]; question: string } | { status: 'failed'; message: string };

function StepCell({ step }: { step: Step | null }) {
  if (!step) return <td className="p-1.5 text-slate-600 italic dark:text-slate-300">(no such step)</td>;
  return (
    <td className="p-1.5 align-top">
      <span className="font-mono text-xs">
        #{step.n}
        {step.canonical !== null ? ` · step ${step.canonical}` : ''}
      </span>{' '}
      {step.title}
    </td>
  );
}

/** The two runs side by side, a row per step, with what differs between the eras. */
function TwinTable({ rows }: { rows: Extract<Twins, { status: 'shown' }>['rows'] }) {
  return (
    <table className="w-full border-collapse text-left" data-testid="twin-table">
      <thead>
        <tr className="border-b border-slate-300 dark:border-slate-600">
          <th className="p-1.5">2025-11-25</th>
          <th className="p-1.5">2026-07-28</th>
          <th className="p-1.5">What differs</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr
            key={index}
            className="border-b border-slate-200 dark:border-slate-700"
            data-testid="twin-row"
            data-step-id={(row.left ?? row.right)?.id}
            data-differs={row.differences.length > 0}
          >
            <StepCell step={row.left} />
            <StepCell step={row.right} />
            <td className="p-1.5 align-top">
              {row.differences.length === 0 ? (
                <span className="text-slate-600 dark:text-slate-300">the same</span>
              ) : (
                <ul className="list-disc pl-4">
                  {row.differences.map((difference) => (
                    <li key={difference}>{difference}</li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The same question under both eras, performed now, step beside step, with what differs named in each row. */
export function EraTwinView() {
  const [twins, setTwins] = useState<Twins>({ status: 'idle' });
  const question = useExplorerStore((state) => state.question);
  const realModel = useExplorerStore((state) => state.model.kind === 'real');
  const scenario = useExplorerStore((state) => (state.model.mcpServerUrl === null ? findScenario(state.scenarioId) : undefined));
  // A scenario whose lesson needs one era: the other era's column shows what that era does instead, and says so.
  const refusal = scenario ? ERAS.map((era) => ({ era, refused: findEraRefusal(scenario, era) })).find((entry) => entry.refused !== null) : undefined;
  const run = () => {
    setTwins({ status: 'running' });
    runEraTwins().then(
      (traces) =>
        setTwins({
          status: 'shown',
          question,
          rows: alignTraces({ left: traces['2025-11-25'].steps, right: traces['2026-07-28'].steps, leftLabel: '2025-11-25', rightLabel: '2026-07-28' }),
        }),
      (error: unknown) =>
        setTwins({
          status: 'failed',
          message: `The two runs could not be performed (${error instanceof Error ? error.message : String(error)}). Check that the server is still running, then try again.`,
        }),
    );
  };
  return (
    <div className="rounded-md border border-slate-300 p-3 text-sm dark:border-slate-600" data-testid="era-twin-view">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">Era twins: 2025-11-25 beside 2026-07-28</h2>
        <button
          type="button"
          onClick={run}
          disabled={twins.status === 'running'}
          className="rounded-md bg-slate-900 px-3 py-1 text-sm font-medium text-white disabled:opacity-60 dark:bg-slate-100 dark:text-slate-900"
        >
          {twins.status === 'shown' ? 'Run both again' : 'Run the question in both eras'}
        </button>
        {realModel && <span className="text-xs text-amber-900 dark:text-amber-200">With a real provider this spends two runs of your key.</span>}
      </div>
      {twins.status === 'running' && <p role="status">Performing both runs against the built-in server…</p>}
      {twins.status === 'failed' && (
        <p role="alert" className="text-red-800 dark:text-red-200">
          {twins.message}
        </p>
      )}
      {twins.status === 'shown' && (
        <div className="mt-2 max-h-[28rem] overflow-auto" tabIndex={0} role="region" aria-label="The two runs, aligned">
          <p className="mb-1">“{twins.question}”, asked twice, each run real. Rows pair the same step; a step only one era has stands alone.</p>
          {refusal?.refused && (
            <p className="mb-1 font-medium text-amber-900 dark:text-amber-200" data-testid="twin-era-refusal">
              The {refusal.era} column is not this scenario’s lesson: {refusal.refused.why} It shows what {refusal.era} does instead with the same question and
              endpoint.
            </p>
          )}
          <TwinTable rows={twins.rows} />
        </div>
      )}
    </div>
  );
}
