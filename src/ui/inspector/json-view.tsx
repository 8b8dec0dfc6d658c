import { useMemo, useState, type KeyboardEvent } from 'react';
import { JsonView, collapseAllNested, defaultStyles, darkStyles } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';
import type { Focus } from '../../content/narration.ts';
import { AnnotatedJson } from '../json/annotated-json.tsx';
import { collectFocusHighlights, type Highlight } from '../json/json-lines.ts';
import { useShortenedValue } from '../json/shortened-value.tsx';
import { useIsDark } from '../use-document-preferences.ts';

const NO_FOCUS: Focus[] = [];
const NO_MARKS: Highlight[] = [];
const expandFirstLevels = (level: number) => level < 4;

// The library's value colours are too pale for small text on its background, and its focused row is grey (#eee):
// ours meet AAA (7:1) on that grey too, as axe's color-contrast-enhanced asks (a projector washes colour out).
const VALUE_COLORS = {
  stringValue: 'text-emerald-900 dark:text-emerald-300',
  numberValue: 'text-sky-900 dark:text-sky-300',
  booleanValue: 'text-violet-900 dark:text-violet-300',
  nullValue: 'text-slate-700 dark:text-slate-400',
  undefinedValue: 'text-slate-700 dark:text-slate-400',
  otherValue: 'text-slate-800 dark:text-slate-300',
};
const LIGHT_TREE = { ...defaultStyles, ...VALUE_COLORS };
const DARK_TREE = { ...darkStyles, ...VALUE_COLORS };

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

/**
 * The tree's toggles are spans with role="button" that the library opens on a click only: Space and Enter
 * press them too, as on any button (and so are not taken for Play).
 */
function pressTreeToggle(event: KeyboardEvent<HTMLDivElement>): void {
  if (event.key !== ' ' && event.key !== 'Enter') return;
  const target = event.target;
  if (!(target instanceof HTMLElement) || target instanceof HTMLButtonElement || !target.matches('[role="button"]')) return;
  event.preventDefault();
  target.click();
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
  const dark = useIsDark();
  const highlights = useMemo(() => {
    const all = collectFocusHighlights(focus);
    for (const mark of marks) all.set(mark.path, mark);
    return all;
  }, [focus, marks]);
  const { shown, notice } = useShortenedValue(value);
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
      {mode === 'tree' && (
        <div className="overflow-auto rounded-md border border-slate-200 bg-white p-2 font-mono text-[13px] dark:border-slate-700 dark:bg-slate-950" onKeyDown={pressTreeToggle}>
          <JsonView data={shown as object} shouldExpandNode={collapsed ? collapseAllNested : expandFirstLevels} style={dark ? DARK_TREE : LIGHT_TREE} aria-label={label} />
        </div>
      )}
      {mode === 'raw' && (
        <pre className="overflow-auto rounded-md border border-slate-200 bg-white p-2 font-mono text-[13px] break-words whitespace-pre-wrap dark:border-slate-700 dark:bg-slate-950" data-testid={testId ? `${testId}-raw` : undefined}>
          {formatJson(shown)}
        </pre>
      )}
    </div>
  );
}
