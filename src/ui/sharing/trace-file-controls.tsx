import { useRef } from 'react';
import { dismissImportError, exportTrace, importTrace, reset, useExplorerStore, type ExplorerState } from '../../store/index.ts';
import { ExportMenu } from './export-menu.tsx';

const selectHasSteps = (state: ExplorerState) => state.steps.length > 0;
const selectSource = (state: ExplorerState) => state.source;
const selectImportError = (state: ExplorerState) => state.importError;

const button =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800';

/** Export the trace on show as a file; import one to replay it with no server and no key. */
export function TraceFileControls() {
  const hasSteps = useExplorerStore(selectHasSteps);
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex items-center gap-2">
      <button type="button" className={button} onClick={() => void exportTrace()} disabled={!hasSteps}>
        Export trace
      </button>
      <ExportMenu disabled={!hasSteps} />
      <button type="button" className={button} onClick={() => input.current?.click()}>
        Import trace
      </button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        // Hidden for everyone: the Import trace button opens it, so a screen reader does not meet a second button for the same thing.
        hidden
        aria-label="Trace file to import"
        data-testid="import-trace-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void importTrace(file);
        }}
      />
    </div>
  );
}

/** Says loudly when the steps on show are a replay of a file, and when a file was refused. */
export function TraceSourceBanner() {
  const source = useExplorerStore(selectSource);
  const importError = useExplorerStore(selectImportError);
  return (
    <>
      {importError && (
        <div
          role="alert"
          className="flex items-start justify-between gap-4 border-b border-red-300 bg-red-50 px-4 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          data-testid="import-error"
        >
          <p>{importError}</p>
          <button type="button" className="shrink-0 underline" onClick={dismissImportError}>
            Dismiss
          </button>
        </div>
      )}
      {source.kind === 'imported' && (
        <div
          className="flex items-center justify-between gap-4 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          data-testid="replay-banner"
        >
          <p>
            <span className="font-semibold">Replay of an imported trace</span> ({source.fileName}, recorded {new Date(source.startedAt).toLocaleString()},{' '}
            {source.wire}, {source.modelKind} model). Nothing is sent: every step is shown as it was recorded.
            {source.cut && <span data-testid="import-cut"> {source.cut}</span>}
          </p>
          <button type="button" className="shrink-0 underline" onClick={reset}>
            Back to live runs
          </button>
        </div>
      )}
    </>
  );
}
