import { useEffect, useMemo, useState } from 'react';
import { extractFunctionSource, findStepSources, type SourcePointer } from '../../content/index.ts';
import { selectCurrentStep, useExplorerStore } from '../../store/index.ts';

/**
 * The project's own sources, as the build carries them: each file its own chunk of raw
 * text, fetched when a learner asks for the code of a step it produced. The layers' entry
 * files only re-export: no step is theirs.
 */
const RAW_SOURCES = import.meta.glob(['../../lifecycle/*.ts', '../../providers/**/*.ts', '!**/*.test.ts', '!**/*.test-helper.ts', '!**/index.ts'], {
  query: '?raw',
  import: 'default',
});
const BY_PATH = new Map(Object.entries(RAW_SOURCES).map(([key, load]) => [key.replace(/^\.\.\/\.\.\//, 'src/'), load]));
const PATHS = [...BY_PATH.keys()];

type Shown = { status: 'loading' } | { status: 'shown'; name: string; line: number; text: string } | { status: 'failed'; message: string };

function SourceBlock({ pointer }: { pointer: SourcePointer }) {
  const [shown, setShown] = useState<Shown>({ status: 'loading' });
  useEffect(() => {
    let mounted = true;
    const load = BY_PATH.get(pointer.path);
    if (!load) return;
    load().then(
      (source) => {
        if (!mounted) return;
        const found = typeof source === 'string' ? extractFunctionSource({ source, find: pointer.find }) : null;
        setShown(found ? { status: 'shown', ...found } : { status: 'failed', message: `The function was not found in ${pointer.path}.` });
      },
      (error: unknown) =>
        mounted &&
        setShown({
          status: 'failed',
          message: `${pointer.path} could not be loaded (${error instanceof Error ? error.message : String(error)}). Check that the server is still running.`,
        }),
    );
    return () => {
      mounted = false;
    };
  }, [pointer]);
  return (
    <div className="mt-2" data-testid="step-code" data-path={pointer.path}>
      <h3 className="font-semibold">
        {pointer.role}: <span className="font-mono text-xs">{pointer.path}</span>
        {shown.status === 'shown' && (
          <span className="font-mono text-xs">
            {' '}
            · {shown.name}, line {shown.line}
          </span>
        )}
      </h3>
      {shown.status === 'loading' && <p>Loading the source…</p>}
      {shown.status === 'failed' && (
        <p role="alert" className="text-red-800 dark:text-red-200">
          {shown.message}
        </p>
      )}
      {shown.status === 'shown' && (
        <pre
          tabIndex={0}
          aria-label={`Source of ${shown.name}`}
          className="mt-1 max-h-72 overflow-auto rounded bg-slate-100 p-2 font-mono text-xs text-slate-900 dark:bg-slate-950 dark:text-slate-100"
        >
          {shown.text}
        </pre>
      )}
    </div>
  );
}

/** The functions of this project that produced the step on show. */
export function StepCodeView() {
  const step = useExplorerStore(selectCurrentStep);
  const wire = useExplorerStore((state) => state.runWire);
  const stepId = step?.id ?? null;
  // Kept while the step kind and wire stay, so a source already shown is not fetched again.
  const pointers = useMemo(() => (stepId ? findStepSources({ stepId, wire, paths: PATHS }) : []), [stepId, wire]);
  return (
    <div className="rounded-md border border-slate-300 p-3 text-sm dark:border-slate-600" data-testid="step-code-view">
      <h2 className="font-semibold">The code behind the step</h2>
      {pointers.length === 0 ? (
        <p>
          {step
            ? 'This step is a message the host relays (or a server report); no function of the host wrote it. Go to a host or translation step (2, 6, 7, 11, 17, 18, 20).'
            : 'Start the run to see the code of each step.'}
        </p>
      ) : (
        pointers.map((pointer) => <SourceBlock key={`${pointer.path} ${JSON.stringify(pointer.find)}`} pointer={pointer} />)
      )}
    </div>
  );
}
