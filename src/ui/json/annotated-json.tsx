import { useMemo } from 'react';
import type { FieldChange } from '../../trace/index.ts';
import { layoutJsonLines, type Highlight, type HighlightKind } from './json-lines.ts';
import { useShortenedValue } from './shortened-value.tsx';

export const CHANGE_STYLES: Record<HighlightKind, { line: string; badge: string; label: string }> = {
  // Badge colours are dark enough for small white text (WCAG AA contrast).
  focus: { line: 'bg-yellow-100/90 dark:bg-yellow-900/40', badge: 'bg-yellow-900', label: 'look here' },
  renamed: { line: 'bg-amber-100/80 dark:bg-amber-900/40', badge: 'bg-amber-800', label: 'renamed' },
  moved: { line: 'bg-sky-100/80 dark:bg-sky-900/40', badge: 'bg-sky-800', label: 'moved' },
  retyped: { line: 'bg-violet-100/80 dark:bg-violet-900/40', badge: 'bg-violet-700', label: 're-typed' },
  dropped: { line: 'bg-red-100/80 line-through decoration-red-500/60 dark:bg-red-900/40', badge: 'bg-red-700', label: 'dropped' },
  added: { line: 'bg-emerald-100/80 dark:bg-emerald-900/40', badge: 'bg-emerald-800', label: 'added' },
  edited: { line: 'bg-fuchsia-100/80 dark:bg-fuchsia-900/40', badge: 'bg-fuchsia-800', label: 'edited by you' },
};

// 7:1 (AAA, for a projector) on white and on every highlight's tint too: sky-800 gave 6.5 on a re-typed line's violet.
const TYPE_COLORS = {
  string: 'text-emerald-800 dark:text-emerald-300',
  number: 'text-sky-900 dark:text-sky-300',
  boolean: 'text-violet-800 dark:text-violet-300',
  null: 'text-slate-700 dark:text-slate-400',
} as const;

/**
 * Pretty-printed JSON with the lines a translation changed highlighted, each change
 * badged where it starts: the learner sees what was renamed, moved, re-typed,
 * dropped or added, and where it went. Everything is rendered as text.
 */
export function AnnotatedJson({
  value,
  highlights,
  side = 'input',
  testId,
}: {
  value: unknown;
  highlights: Map<string, Highlight>;
  side?: 'input' | 'output';
  testId?: string;
}) {
  const { shown, notice } = useShortenedValue(value);
  const lines = useMemo(() => layoutJsonLines({ value: shown, highlights }), [shown, highlights]);
  return (
    <>
      {notice}
      <pre
        className="overflow-auto rounded-md border border-slate-200 bg-white py-2 font-mono text-[13px] leading-5 dark:border-slate-700 dark:bg-slate-950"
        data-testid={testId}
      >
        {lines.map((line, index) => {
          const style = line.change ? CHANGE_STYLES[line.change.kind] : undefined;
          const startsChange = line.change && line.change.path === line.path && (index === 0 || lines[index - 1]?.change !== line.change);
          return (
            <div
              key={index}
              className={`px-2 whitespace-pre-wrap break-all ${style?.line ?? ''}`}
              style={{ paddingLeft: `${0.5 + line.depth * 1.1}rem` }}
              data-change={line.change?.kind}
              data-path={line.path}
              title={line.change ? `${CHANGE_STYLES[line.change.kind].label}: ${line.change.note}` : undefined}
            >
              {line.key !== undefined && <span className="text-slate-800 dark:text-slate-200">{line.key}: </span>}
              <span className={line.type ? TYPE_COLORS[line.type] : 'text-slate-500'}>{line.text}</span>
              {startsChange && line.change && (
                <span
                  className={`ml-2 inline-block rounded px-1.5 align-middle font-sans text-[10px] font-semibold text-white no-underline ${CHANGE_STYLES[line.change.kind].badge}`}
                >
                  {line.change.kind === 'focus' || line.change.kind === 'edited' ? line.change.note : CHANGE_STYLES[line.change.kind].label}
                  {line.change.other !== undefined && line.change.other !== line.path
                    ? `${side === 'input' ? ' → ' : ' ← '}${line.change.other || 'root'}`
                    : ''}
                </span>
              )}
            </div>
          );
        })}
      </pre>
    </>
  );
}

export function ChangeLegend({ changes }: { changes: FieldChange[] }) {
  const kinds = [...new Set(changes.map((change) => change.kind))];
  if (kinds.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2 text-xs" aria-label="Kinds of change">
      {kinds.map((kind) => (
        <li key={kind} className="flex items-center gap-1">
          <span className={`inline-block h-3 w-3 rounded-sm ${CHANGE_STYLES[kind].badge}`} aria-hidden="true" />
          {CHANGE_STYLES[kind].label} ({changes.filter((change) => change.kind === kind).length})
        </li>
      ))}
    </ul>
  );
}
