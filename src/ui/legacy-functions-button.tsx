import { findLegacyFunctionsLink, LEGACY_FUNCTIONS_WIRE } from '../content/index.ts';
import { applyModelSettings, selectCurrentStep, useExplorerStore, type ExplorerState } from '../store/index.ts';

const selectRunWire = (state: ExplorerState) => state.runWire;

/** At the model's tool call, the way to the article's own format: the run starts over in OpenAI legacy functions. */
export function LegacyFunctionsButton() {
  const step = useExplorerStore(selectCurrentStep);
  const wire = useExplorerStore(selectRunWire);
  const note = step ? findLegacyFunctionsLink({ stepId: step.id, wire }) : null;
  if (note === null) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300" data-testid="legacy-functions-link">
      {note}
      <button
        type="button"
        className="rounded border border-slate-400 px-2 py-0.5 text-xs font-medium hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800"
        aria-describedby="legacy-functions-hint"
        onClick={() => {
          const { model, apiKeys } = useExplorerStore.getState();
          applyModelSettings({ ...model, wire: LEGACY_FUNCTIONS_WIRE }, apiKeys);
        }}
      >
        See it in OpenAI legacy functions
      </button>
      <span id="legacy-functions-hint">(switches the wire format and starts over)</span>
    </p>
  );
}
