import { useState } from 'react';
import type { Step } from '../../trace/trace.ts';
import { formatDeepLink } from '../../store/deep-link.ts';
import { useExplorerStore, type ExplorerState } from '../../store/explorer-store.ts';

const selectLinkable = (state: ExplorerState) => (state.source.kind === 'live' && state.model.mcpServerUrl === null ? state : null);

/** Copies a link that opens the app at this step of the current built-in scenario. */
export function CopyStepLink({ step }: { step: Step }) {
  const state = useExplorerStore(selectLinkable);
  const [status, setStatus] = useState<string | null>(null);
  if (!state || step.canonical === null) return null;
  const url = formatDeepLink(
    { scenarioId: state.scenarioId, era: state.runEra ?? state.era, wire: state.runWire ?? state.model.wire, step: step.canonical, round: step.iteration, ...(state.model.stream.mock ? { stream: true } : {}) },
    globalThis.location.href,
  );
  return (
    <span className="inline-flex items-center gap-1">
      <button
        type="button"
        className="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
        onClick={() => {
          navigator.clipboard?.writeText(url).then(
            () => setStatus('Link copied.'),
            () => setStatus(url),
          );
        }}
        data-step-link={url}
      >
        Copy link to this step
      </button>
      {status && (
        <span role="status" className="text-xs break-all text-slate-500">
          {status}
        </span>
      )}
    </span>
  );
}
