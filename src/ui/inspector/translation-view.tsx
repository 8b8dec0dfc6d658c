import type { Translation } from '../../lifecycle/trace.ts';
import { JsonPayload } from './json-view.tsx';

const SIDES: Record<Translation['number'], { input: string; output: string }> = {
  1: { input: 'MCP tool definitions (input)', output: 'Provider tools (output)' },
  2: { input: 'Provider tool call (input)', output: 'MCP tools/call params (output)' },
  3: { input: 'MCP tool result (input)', output: 'Provider tool messages (output)' },
};

/** Input and output of one translation side by side, with every change the host had to make. */
export function TranslationView({ translation }: { translation: Translation }) {
  const sides = SIDES[translation.number];
  return (
    <div data-testid="translation-view">
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <JsonPayload value={translation.input} label={sides.input} testId="translation-input" />
        <JsonPayload value={translation.output} label={sides.output} testId="translation-output" />
      </div>
      <div className="mt-3">
        <h4 className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-300">What the host changed or lost</h4>
        {translation.warnings.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Nothing was lost: every field found a place.</p>
        ) : (
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-amber-800 dark:text-amber-200" data-testid="translation-warnings">
            {translation.warnings.map((warning, index) => (
              <li key={index}>
                {warning.message}
                {warning.path && <span className="ml-1 font-mono text-xs text-slate-500">({warning.path})</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
