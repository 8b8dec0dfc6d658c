import { useMemo, useState } from 'react';
import type { Translation } from '../../trace/index.ts';
import { CompareFormatsButton } from '../compare/compare-dialog.tsx';
import { AnnotatedJson, ChangeLegend } from '../json/annotated-json.tsx';
import { collectHighlights } from '../json/json-lines.ts';
import { LONG_LIST_ITEMS } from '../json/long-text.ts';
import { JsonPayload } from './json-view.tsx';

const SIDES: Record<Translation['number'], { input: string; output: string }> = {
  1: { input: 'MCP tool definitions (input)', output: 'Provider tools (output)' },
  2: { input: 'Provider tool call (input)', output: 'MCP tools/call params (output)' },
  3: { input: 'MCP tool result (input)', output: 'Provider tool messages (output)' },
  4: { input: 'MCP sampling request, or the provider’s reply (input)', output: 'Provider request, or the CreateMessageResult (output)' },
  5: { input: 'MCP prompt messages (input)', output: 'Provider conversation (output)' },
};

const moreButton =
  'rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800';

/** Input and output of one translation side by side, with every change the host had to make. A translation that failed says so instead. */
export function TranslationView({ translation, failed = false }: { translation: Translation; failed?: boolean }) {
  const sides = SIDES[translation.number];
  const changes = useMemo(() => translation.changes ?? [], [translation.changes]);
  const inputHighlights = useMemo(() => collectHighlights({ changes, side: 'input' }), [changes]);
  const outputHighlights = useMemo(() => collectHighlights({ changes, side: 'output' }), [changes]);
  const [showChanges, setShowChanges] = useState(changes.length > 0);
  // A server of 10,000 tools can make as many warnings: the first ones make the point.
  const [warningLimit, setWarningLimit] = useState(LONG_LIST_ITEMS);
  return (
    <div data-testid="translation-view">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <ChangeLegend changes={changes} />
        <span className="flex-1" />
        <CompareFormatsButton />
        {changes.length > 0 && (
          <button
            type="button"
            onClick={() => setShowChanges((current) => !current)}
            aria-pressed={showChanges}
            className="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            {showChanges ? 'Show as trees' : 'Highlight the changes'}
          </button>
        )}
      </div>
      {showChanges ? (
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-2" data-testid="translation-changes">
          <div className="min-w-0">
            <h4 className="mb-1 text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">{sides.input}</h4>
            <AnnotatedJson value={translation.input} highlights={inputHighlights} side="input" testId="translation-input-annotated" />
          </div>
          <div className="min-w-0">
            <h4 className="mb-1 text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">{sides.output}</h4>
            <AnnotatedJson value={translation.output} highlights={outputHighlights} side="output" testId="translation-output-annotated" />
          </div>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          <JsonPayload value={translation.input} label={sides.input} testId="translation-input" />
          <JsonPayload value={translation.output} label={sides.output} testId="translation-output" />
        </div>
      )}
      <div className="mt-3">
        <h4 className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">What the host changed or lost</h4>
        {failed ? (
          <p className="mt-1 text-sm font-medium text-red-800 dark:text-red-200" data-testid="translation-failed">
            The translation failed: its output is the error above, not a message. Nothing was sent on from here.
          </p>
        ) : translation.warnings.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Nothing was lost: every field found a place.</p>
        ) : (
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-amber-800 dark:text-amber-200" data-testid="translation-warnings">
            {translation.warnings.slice(0, warningLimit).map((warning, index) => (
              <li key={index}>
                {warning.message}
                {warning.path && <span className="ml-1 font-mono text-xs text-slate-500">({warning.path})</span>}
              </li>
            ))}
          </ul>
        )}
        {translation.warnings.length > warningLimit && (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300" data-testid="warnings-cut-notice">
            The first {warningLimit.toLocaleString('en')} of {translation.warnings.length.toLocaleString('en')} are shown.
            <button type="button" className={moreButton} onClick={() => setWarningLimit((limit) => limit + LONG_LIST_ITEMS)}>
              Show {Math.min(LONG_LIST_ITEMS, translation.warnings.length - warningLimit).toLocaleString('en')} more items
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
