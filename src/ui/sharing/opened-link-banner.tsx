import { findScenario } from '../../content/index.ts';
import { findWireInfo } from '../../providers/index.ts';
import { useExplorerStore, dismissOpenedLink, performLinkWithRealProvider, useOpenedLink, type LinkedStep } from '../../store/index.ts';
import { getStepDefinition } from '../../trace/index.ts';

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** “step 14, the second time it comes”, “the step “initialize” (round 2)”: what a link names, in words. */
function describeLinkedStep(link: Omit<LinkedStep, 'stepId'> & { stepId?: string }): string {
  const named = link.step !== undefined ? `step ${link.step}` : `the step “${getStepDefinition(link.stepId ?? '')?.label ?? link.stepId ?? ''}”`;
  const occurrence =
    link.occurrence !== undefined && link.occurrence > 1 ? `, the ${ORDINALS[link.occurrence - 1] ?? `${link.occurrence}th`} time it comes` : '';
  return `${named}${occurrence}${link.round > 1 ? ` (round ${link.round})` : ''}`;
}

/** Says what a shared link could not show: a step this run does not have (or has in a later round only), or a real provider's run that waits for the learner's key. */
export function OpenedLinkBanner() {
  const opened = useOpenedLink((state) => state.opened);
  const refused = useOpenedLink((state) => state.refused ?? null);
  if (refused !== null && (!opened || opened.outcome === 'shown' || opened.outcome === 'no-step')) {
    return (
      <div
        role="status"
        className="flex flex-wrap items-center justify-between gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
        data-testid="opened-link-banner"
      >
        <p data-testid="link-refused">{refused}</p>
        <button type="button" className="shrink-0 underline" onClick={dismissOpenedLink}>
          Dismiss
        </button>
      </div>
    );
  }
  if (!opened || opened.outcome === 'shown' || opened.outcome === 'no-step') return null;
  const { link } = opened;
  const scenario = findScenario(link.scenarioId)?.title ?? link.scenarioId;
  const wire = findWireInfo(link.wire ?? '')?.label ?? 'the wire format chosen';
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 border-b border-sky-300 bg-sky-50 px-4 py-2 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50"
      data-testid="opened-link-banner"
    >
      {opened.outcome === 'waits-for-learner' ? (
        <>
          <p>
            This link was made with a real provider ({wire}). A link never carries a key: performing the run up to {describeLinkedStep(link)} sends the question
            to that provider with yours (set it in the model settings). Nothing is sent until you ask.
          </p>
          <button
            type="button"
            className="shrink-0 rounded border border-sky-700 px-2 py-0.5 font-medium"
            onClick={() => void performLinkWithRealProvider(link)}
          >
            Perform up to {describeLinkedStep(link)}
          </button>
        </>
      ) : (
        <>
          {opened.outcome === 'at-gate' ? (
            <p>
              The link named {describeLinkedStep(link)}, which comes after a question only you may answer: the provider asks for your approval before its MCP
              client calls the tool. Approve or deny it, and the run goes on from there.
            </p>
          ) : opened.outcome === 'in-later-round' ? (
            <p>
              The link named {describeLinkedStep(link)}, but round {link.round} of this run of “{scenario}” went without it:{' '}
              {describeLinkedStep({ ...link, round: 1, occurrence: 1 })} of round {opened.round} is on show. The timeline says why round {link.round} has no{' '}
              {describeLinkedStep({ ...link, round: 1, occurrence: 1 })}.
            </p>
          ) : (
            <p>
              The link named {describeLinkedStep(link)}, but this run of “{scenario}” never reached it: the last step it recorded is on show. The timeline says
              which steps did not happen.
            </p>
          )}
          <button type="button" className="shrink-0 underline" onClick={dismissOpenedLink}>
            Dismiss
          </button>
        </>
      )}
    </div>
  );
}

/** In place of the views while a link's run is performed up to its step: they are drawn once, at that step. */
export function LinkOpening({ opening }: { opening: Omit<LinkedStep, 'stepId'> & { stepId?: string } }) {
  const waitsForSignIn = useExplorerStore((state) => state.signIn !== null);
  return (
    <main className="flex min-h-0 flex-1 items-center justify-center p-6" data-testid="link-opening">
      <p role="status" className="max-w-xl text-center text-sm text-slate-600 dark:text-slate-300">
        Opening the link at {describeLinkedStep(opening)}: the run is performed up to it, for real.
        {waitsForSignIn &&
          ' It comes after the sign-in: the run waits for you to sign in (Sign in, above) and goes on to it once the authorization server sends you back.'}
      </p>
    </main>
  );
}
