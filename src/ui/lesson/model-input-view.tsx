import { attributeModelInput, INPUT_ORIGIN_LABELS, TOKEN_ESTIMATE_NOTE, type InputOrigin } from '../../content/index.ts';
import { useExplorerStore } from '../../store/index.ts';

/** One colour per origin, each with text that keeps AAA contrast on it. */
const ORIGIN_STYLES: Record<InputOrigin, string> = {
  question: 'bg-sky-100 text-sky-950 dark:bg-sky-900 dark:text-sky-50',
  'tool-description': 'bg-violet-100 text-violet-950 dark:bg-violet-900 dark:text-violet-50',
  'tool-schema': 'bg-fuchsia-100 text-fuchsia-950 dark:bg-fuchsia-900 dark:text-fuchsia-50',
  'tool-result': 'bg-emerald-100 text-emerald-950 dark:bg-emerald-900 dark:text-emerald-50',
  'structured-content': 'bg-teal-100 text-teal-950 dark:bg-teal-900 dark:text-teal-50',
  prompt: 'bg-amber-100 text-amber-950 dark:bg-amber-900 dark:text-amber-50',
  resource: 'bg-orange-100 text-orange-950 dark:bg-orange-900 dark:text-orange-50',
  'model-output': 'bg-rose-100 text-rose-950 dark:bg-rose-900 dark:text-rose-50',
  host: 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-50',
};

/** The provider request on show, part by part, coloured by where each part came from. */
export function ModelInputView() {
  const steps = useExplorerStore((state) => state.steps);
  const cursor = useExplorerStore((state) => state.cursor);
  const seen = attributeModelInput({ steps, index: cursor });
  return (
    <div className="rounded-md border border-slate-300 p-3 text-sm dark:border-slate-600" data-testid="model-input-view">
      <h2 className="font-semibold">What the model sees</h2>
      {!seen ? (
        <p className="text-slate-700 dark:text-slate-200">
          This step is not a request to the model. Go to step 8 (the question and the tools) or step 18 (the tool result) to see a request part by part.
        </p>
      ) : (
        <>
          <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Estimated tokens by origin">
            {seen.totals.map((total) => (
              <li key={total.origin} className={`rounded px-2 py-0.5 ${ORIGIN_STYLES[total.origin]}`} data-testid="origin-total" data-origin={total.origin}>
                {INPUT_ORIGIN_LABELS[total.origin]}: ~{total.tokens} tokens
              </li>
            ))}
            <li className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-600">
              Wire structure (keys, brackets): ~{seen.structureTokens} tokens
            </li>
            <li className="px-2 py-0.5 font-semibold">Whole request: ~{seen.bodyTokens} tokens</li>
          </ul>
          <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">{TOKEN_ESTIMATE_NOTE}</p>
          <ol className="mt-2 max-h-64 space-y-0.5 overflow-auto font-mono text-xs" tabIndex={0} aria-label="Parts of the request">
            {seen.parts.map((part, index) => (
              <li key={index} className={`rounded px-1.5 py-0.5 ${ORIGIN_STYLES[part.origin]}`} data-testid="input-part" data-origin={part.origin}>
                <span className="font-sans font-semibold">{INPUT_ORIGIN_LABELS[part.origin]}</span> · {part.path || '(root)'} · ~{part.tokens}:{' '}
                <span className="break-all">{part.text.length > 300 ? `${part.text.slice(0, 300)}…` : part.text}</span>
              </li>
            ))}
          </ol>
          <h3 className="mt-2 font-semibold">What the host left out</h3>
          {seen.leftOut.length === 0 ? (
            <p>Nothing: everything the MCP side offered so far is in this request.</p>
          ) : (
            <ul className="list-disc pl-5" data-testid="left-out">
              {seen.leftOut.map((entry, index) => (
                <li key={index}>
                  <span className="font-mono">{entry.what}</span> of {entry.from}: <span className="font-mono text-xs break-all">{entry.detail}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
