import { useEffect, useState } from 'react';
import { compareTopologies, type TwinRow } from '../../content/index.ts';
import { runTopologyTwin } from '../../store/index.ts';

type TwinState = { kind: 'running' } | { kind: 'error'; message: string } | { kind: 'done'; question: string; rows: TwinRow[] };

/**
 * The twin view: the question on show asked in both topologies, one run each, and what
 * each put on every wire, side by side. Every cell is counted from its run's trace.
 */
export function TwinView() {
  const [twin, setTwin] = useState<TwinState>({ kind: 'running' });
  useEffect(() => {
    let current = true;
    runTopologyTwin().then(
      (result) => {
        if (!current) return;
        setTwin(
          'error' in result ? { kind: 'error', message: result.error } : { kind: 'done', question: result.host.question, rows: compareTopologies(result) },
        );
      },
      (error: unknown) =>
        current && setTwin({ kind: 'error', message: `The twin runs could not run: ${error instanceof Error ? error.message : String(error)}` }),
    );
    return () => {
      current = false;
    };
  }, []);
  if (twin.kind === 'running')
    return (
      <p className="text-sm text-slate-600 dark:text-slate-300" role="status">
        Asking the question in both topologies, one run after the other…
      </p>
    );
  if (twin.kind === 'error')
    return (
      <p className="text-sm text-red-800 dark:text-red-300" role="alert">
        {twin.message}
      </p>
    );
  return (
    <div className="mt-3 flex flex-col gap-2 text-sm">
      <p>
        “{twin.question}”, asked twice with the same server, model and format: once the host’s MCP client calls the server, once the provider’s. Every gate took
        the host’s proposed answer.
      </p>
      <table className="w-full border-collapse text-left" data-testid="twin-table">
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-600">
            <th scope="col" className="py-1 pr-3">
              Wire
            </th>
            <th scope="col" className="py-1 pr-3">
              Host-side MCP (the host’s client)
            </th>
            <th scope="col" className="py-1">
              Provider-side MCP (the provider’s client)
            </th>
          </tr>
        </thead>
        <tbody>
          {twin.rows.map((row) => (
            <tr key={row.wire} className="border-b border-slate-200 align-top dark:border-slate-700" data-wire={row.wire}>
              <th scope="row" className="py-1 pr-3 font-medium">
                {row.wire}
              </th>
              <td className="py-1 pr-3" data-side="host">
                {row.host}
              </td>
              <td className="py-1" data-side="provider">
                {row.provider}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
