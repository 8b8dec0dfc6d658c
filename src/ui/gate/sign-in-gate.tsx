import { cancelSignIn, checkRefusedAnswer, noteSignInOpened } from '../../store/index.ts';
import type { PendingSignIn } from '../../store/index.ts';
import { openGatedUrl } from '../open-gated-url.tsx';

const BUTTON = 'rounded-md border px-3 py-1 text-sm font-medium';
const PRIMARY = `${BUTTON} border-sky-700 bg-sky-800 text-white hover:bg-sky-900`;
const SECONDARY = `${BUTTON} border-slate-400 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`;

/**
 * What the learner is waiting for and how to go on, from what the page knows: where the consent page is, whether
 * Sign in was pressed, and whether an answer came back that was not this sign-in's. A window opened without an opener
 * cannot be watched, so the page never claims it is open or closed.
 */
export function describeSignIn(signIn: PendingSignIn): string {
  const server = new URL(signIn.authorizationUrl).host;
  const waiting = signIn.opened
    ? `Waiting for the authorization server at ${server} to send you back. Finish in the consent window; once you approve or deny there, the run goes on here. If no window opened, or you closed it, press Sign in again.`
    : `The MCP server wants you to sign in at ${server}. Sign in opens its consent page in a new window, cut off from this tab; the explorer waits here until that server sends you back.`;
  return signIn.refused
    ? `${waiting} An answer came back that is not this sign-in's (${signIn.refused}): the explorer did not take it, as it may be forged. Let the host check it to see the host refuse it and why.`
    : waiting;
}

function openConsentPage(signIn: PendingSignIn): void {
  openGatedUrl(signIn.authorizationUrl, { popup: true });
  noteSignInOpened();
}

/**
 * The sign-in gate of the authorization flow in the page. The announcement lives in a region that is always there
 * (a live region inserted with its text is not read by every screen reader); the note beside the buttons is for the eye.
 */
export function SignInGate({ signIn }: { signIn: PendingSignIn | null }) {
  return (
    <>
      <span className="sr-only" role="status" aria-live="polite" data-testid="sign-in-announcement">
        {signIn ? describeSignIn(signIn) : ''}
      </span>
      {signIn && (
        <p
          className="flex w-full flex-wrap items-center gap-2 rounded-md border border-sky-300 bg-sky-50 px-2 py-1 text-xs text-slate-900 dark:border-sky-700 dark:bg-slate-900 dark:text-slate-100"
          data-testid="sign-in-gate"
        >
          <span data-testid="sign-in-note">{describeSignIn(signIn)}</span>
          <button type="button" onClick={() => openConsentPage(signIn)} className={PRIMARY} data-testid="sign-in">
            Sign in
          </button>
          {signIn.refused && (
            <button type="button" onClick={checkRefusedAnswer} className={SECONDARY} data-testid="check-refused-answer">
              Let the host check it
            </button>
          )}
          <button type="button" onClick={cancelSignIn} className={SECONDARY} data-testid="cancel-sign-in">
            Cancel sign-in
          </button>
        </p>
      )}
    </>
  );
}
