import { useEffect, useMemo, useState } from 'react';
import type { Focus } from '../../content/index.ts';
import { AnnotatedJson } from '../json/annotated-json.tsx';
import { collectFocusHighlights, type Highlight } from '../json/json-lines.ts';
import { useShortenedValue } from '../json/shortened-value.tsx';
import { rememberModule, useLoadedModule } from '../use-loaded-module.ts';
import { whenFirstStepOrIdle } from '../wait-for-first-step.ts';

const NO_FOCUS: Focus[] = [];
const NO_MARKS: Highlight[] = [];
type Mode = 'highlighted' | 'tree' | 'raw';
const MODE_LABELS: Record<Mode, string> = { highlighted: 'Highlighted', tree: 'Tree', raw: 'Raw JSON' };

/** Pretty JSON, or a note when the value is too deep to print (a hostile file must not break the page). */
function formatJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'undefined';
  } catch {
    return '(This value is nested too deeply to print.)';
  }
}

// The tree (react-json-view-lite and its stylesheet) is a chunk of its own, fetched once step 1 is on screen: step 1's payload
// opens highlighted (the narration names its field), so the first page does without it. A payload that opens as a tree before
// it has arrived shows its raw JSON meanwhile.
const loadJsonTree = rememberModule(() => whenFirstStepOrIdle().then(() => import('./json-tree.tsx')));

function RawJson({ value, testId }: { value: unknown; testId?: string }) {
  return (
    <pre
      className="overflow-auto rounded-md border border-slate-200 bg-white p-2 font-mono text-[13px] break-words whitespace-pre-wrap dark:border-slate-700 dark:bg-slate-950"
      data-testid={testId}
    >
      {formatJson(value)}
    </pre>
  );
}

function ShownTree({ value, label, collapsed }: { value: object; label: string; collapsed: boolean }) {
  const tree = useLoadedModule(loadJsonTree);
  switch (tree.status) {
    case 'loaded':
      return <tree.module.JsonTree value={value} label={label} collapsed={collapsed} />;
    case 'loading':
      return <RawJson value={value} />;
    case 'failed':
      return (
        <>
          <p role="alert" className="mb-1 text-xs text-red-700 dark:text-red-400">
            The tree view could not be loaded ({tree.message}): here is the raw JSON. Reload the page to try the tree again.
          </p>
          <RawJson value={value} />
        </>
      );
    default: {
      const unknown: never = tree;
      return unknown;
    }
  }
}

/**
 * A payload three ways: with the fields that matter highlighted (when the narration
 * names some), as a collapsible tree (arrow keys move through it), or as the exact JSON
 * text. Values are always rendered as text, whatever they contain.
 */
export function JsonPayload({
  value,
  label,
  testId,
  focus = NO_FOCUS,
  marks = NO_MARKS,
  collapsed = false,
}: {
  value: unknown;
  label: string;
  testId?: string;
  focus?: Focus[];
  /** Highlights of their own (the learner's edits), over the narration's. */
  marks?: Highlight[];
  collapsed?: boolean;
}) {
  const isTree = typeof value === 'object' && value !== null;
  const modes: Mode[] = isTree ? [...(focus.length > 0 || marks.length > 0 ? (['highlighted'] as const) : []), 'tree', 'raw'] : ['raw'];
  const [mode, setMode] = useState<Mode>(modes[0]!);
  const highlights = useMemo(() => {
    const all = collectFocusHighlights(focus);
    for (const mark of marks) all.set(mark.path, mark);
    return all;
  }, [focus, marks]);
  const { shown, notice } = useShortenedValue(value);
  useEffect(() => {
    void loadJsonTree().catch(() => {});
  }, []);
  return (
    <div className="min-w-0" data-testid={testId}>
      <div className="mb-1 flex items-center justify-between gap-2">
        <span className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">{label}</span>
        {modes.length > 1 && (
          <div className="flex gap-1" role="group" aria-label={`Show ${label} as`}>
            {modes.map((entry) => (
              <button
                key={entry}
                type="button"
                onClick={() => setMode(entry)}
                aria-pressed={mode === entry}
                className={`rounded border px-2 py-0.5 text-xs ${mode === entry ? 'border-slate-900 bg-slate-900 text-white dark:border-slate-100 dark:bg-slate-100 dark:text-slate-900' : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800'}`}
              >
                {MODE_LABELS[entry]}
              </button>
            ))}
          </div>
        )}
      </div>
      {notice}
      {mode === 'highlighted' && <AnnotatedJson value={shown} highlights={highlights} testId={testId ? `${testId}-highlighted` : undefined} />}
      {mode === 'tree' && <ShownTree value={shown as object} label={label} collapsed={collapsed} />}
      {mode === 'raw' && <RawJson value={shown} testId={testId ? `${testId}-raw` : undefined} />}
    </div>
  );
}
