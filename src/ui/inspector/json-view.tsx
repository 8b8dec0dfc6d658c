import { useState } from 'react';
import { JsonView, collapseAllNested, defaultStyles, darkStyles } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';
import { useIsDark } from '../use-document-preferences.ts';

const expandFirstLevels = (level: number) => level < 4;

/** Pretty JSON, or a note when the value is too deep to print (a hostile file must not break the page). */
function formatJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? 'undefined';
  } catch {
    return '(This value is nested too deeply to print.)';
  }
}


/**
 * A payload as a collapsible tree (arrow keys move through it) or as the exact JSON
 * text. Values are always rendered as text, whatever they contain.
 */
export function JsonPayload({ value, label, testId, collapsed = false }: { value: unknown; label: string; testId?: string; collapsed?: boolean }) {
  const [raw, setRaw] = useState(false);
  const dark = useIsDark();
  const isTree = typeof value === 'object' && value !== null;
  const text = formatJson(value);
  return (
    <div className="min-w-0" data-testid={testId}>
      <div className="mb-1 flex items-center justify-between gap-2">
        <span className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">{label}</span>
        {isTree && (
          <button
            type="button"
            onClick={() => setRaw((current) => !current)}
            className="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
            aria-pressed={raw}
          >
            {raw ? 'Show tree' : 'Show raw JSON'}
          </button>
        )}
      </div>
      <div className="overflow-auto rounded-md border border-slate-200 bg-white p-2 font-mono text-[13px] dark:border-slate-700 dark:bg-slate-950">
        {isTree && !raw ? (
          <JsonView
            data={value as object}
            shouldExpandNode={collapsed ? collapseAllNested : expandFirstLevels}
            style={dark ? darkStyles : defaultStyles}
            aria-label={label}
          />
        ) : (
          <pre className="break-words whitespace-pre-wrap" data-testid={testId ? `${testId}-raw` : undefined}>{text}</pre>
        )}
      </div>
    </div>
  );
}
