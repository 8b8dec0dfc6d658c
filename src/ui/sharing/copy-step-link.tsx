import { useState } from 'react';
import type { Step } from '../../trace/trace.ts';
import { formatDeepLink } from '../../store/deep-link.ts';
import { defaultModelSettings, readStreamChoice } from '../../store/model-settings.ts';
import { useExplorerStore, type ExplorerState } from '../../store/explorer-store.ts';
import { describeWhatIsLeftOut } from './describe-left-out.ts';

const selectLinkable = (state: ExplorerState) => (state.source.kind === 'live' ? state : null);

/** Copies a link that opens the app at this step, with this run's scenario, question, era, wire format and kind of model. */
export function CopyStepLink({ step }: { step: Step }) {
  const state = useExplorerStore(selectLinkable);
  const [status, setStatus] = useState<string | null>(null);
  if (!state || step.canonical === null) return null;
  const leftOut = describeWhatIsLeftOut(state);
  if (state.model.mcpServerUrl !== null) {
    return <span className="text-xs text-slate-500" data-testid="step-link-left-out">{leftOut}</span>;
  }
  const url = formatDeepLink(
    {
      scenarioId: state.scenarioId,
      era: state.runEra ?? state.era,
      wire: state.runWire ?? state.model.wire,
      step: step.canonical,
      round: step.iteration,
      question: state.runQuestion ?? state.question,
      ...(state.model.kind === 'real' ? { modelKind: 'real' as const } : {}),
      ...(readStreamChoice(state.model) !== readStreamChoice({ ...defaultModelSettings(), kind: state.model.kind }) ? { stream: readStreamChoice(state.model) } : {}),
      ...(state.authFault !== null ? { authFault: state.authFault } : {}),
    },
    globalThis.location.href,
  );
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <button
        type="button"
        className="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
        onClick={() => {
          navigator.clipboard?.writeText(url).then(
            () => setStatus(leftOut ? `Link copied. ${leftOut}` : 'Link copied.'),
            () => setStatus(url),
          );
        }}
        data-step-link={url}
      >
        Copy link to this step
      </button>
      {status && (
        <span role="status" className="text-xs break-all text-slate-500" data-testid="step-link-status">
          {status}
        </span>
      )}
    </span>
  );
}
