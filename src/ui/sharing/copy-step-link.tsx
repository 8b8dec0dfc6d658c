import { useState } from 'react';
import type { Step } from '../../trace/trace.ts';
import { formatDeepLink } from '../../store/deep-link.ts';
import { defaultModelSettings, readStreamChoice } from '../../store/model-settings.ts';
import { useExplorerStore, type ExplorerState } from '../../store/explorer-store.ts';

const selectLinkable = (state: ExplorerState) => (state.source.kind === 'live' ? state : null);

/** What a link cannot carry of this run, in words, or null when it carries all of it. */
function describeWhatIsLeftOut(state: ExplorerState): string | null {
  if (state.model.mcpServerUrl !== null) return 'A link opens the built-in server only: the address of another MCP server is not put in a link (it may hold a token).';
  const edited = state.steps.some((step) => step.edited);
  const parts = [
    state.model.kind === 'real' ? 'the link asks for a real provider, but never carries your key: whoever opens it uses their own' : null,
    edited ? 'your edits to messages are not in the link: it replays the run as the model wrote it' : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? `${parts.join('; ')}.`.replace(/^./, (first) => first.toUpperCase()) : null;
}

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
      ...(readStreamChoice(state.model) !== defaultModelSettings().stream[state.model.kind] ? { stream: readStreamChoice(state.model) } : {}),
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
