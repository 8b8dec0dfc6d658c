import { useState } from 'react';
import type { Step } from '../../trace/index.ts';
import { describeStepForLink, formatDeepLink, defaultModelSettings, readStreamChoice, useExplorerStore, type ExplorerState } from '../../store/index.ts';
import { describeWhatIsLeftOut } from './describe-left-out.ts';
import { rememberLast } from '../remember-last.ts';

const selectLinkable = (state: ExplorerState) => (state.source.kind === 'live' ? state : null);
// Once per change of the run or the settings: the link re-renders at every change of the store, and the words read every step.
const describeLeftOut = rememberLast((model: ExplorerState['model'], steps: ExplorerState['steps']) => describeWhatIsLeftOut({ model, steps }));

/**
 * Copies a link that opens the app at this step, with this run's scenario, question, era, wire format and kind of model.
 * Every step has one: a step with no canonical number is named by its id, a step that comes twice in its round by which time.
 */
export function CopyStepLink({ step }: { step: Step }) {
  const state = useExplorerStore(selectLinkable);
  const [status, setStatus] = useState<string | null>(null);
  const named = state
    ? describeStepForLink(
        state.steps,
        state.steps.findIndex((recorded) => recorded.n === step.n),
      )
    : null;
  if (!state || !named) return null;
  const leftOut = describeLeftOut(state.model, state.steps);
  if (state.model.mcpServerUrl !== null) {
    return (
      <span className="text-xs text-slate-500" data-testid="step-link-left-out">
        {leftOut}
      </span>
    );
  }
  const url = formatDeepLink(
    {
      scenarioId: state.scenarioId,
      era: state.runEra ?? state.era,
      wire: state.runWire ?? state.model.wire,
      ...named,
      question: state.runQuestion ?? state.question,
      ...(state.model.kind === 'real' ? { modelKind: 'real' as const } : {}),
      ...(readStreamChoice(state.model) !== readStreamChoice({ ...defaultModelSettings(), kind: state.model.kind })
        ? { stream: readStreamChoice(state.model) }
        : {}),
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
