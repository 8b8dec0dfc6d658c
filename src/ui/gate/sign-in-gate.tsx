import { cancelSignIn, openPendingSignIn, reopenConsentWindow } from '../../store/consent-popup.ts';

type Reason = 'blocked' | 'closed';

const NOTES: Record<Reason, string> = {
  blocked: 'The MCP server wants you to sign in; the browser did not open the consent window by itself.',
  closed: 'The consent window is closed or cut off from the explorer by the authorization server (COOP). If you are still signing in there, finish; if you closed it, Cancel sign-in.',
};

const BUTTON = 'rounded-md border px-3 py-1 text-sm font-medium';
const PRIMARY = `${BUTTON} border-sky-700 bg-sky-800 text-white hover:bg-sky-900`;
const SECONDARY = `${BUTTON} border-slate-400 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`;

function describeReason(reason: Reason | null): string {
  return reason === null ? '' : NOTES[reason];
}

/**
 * The sign-in gate of the authorization flow in the page. The announcement lives in a region that is always there
 * (a live region inserted with its text is not read by every screen reader); the note beside the buttons is for the eye.
 */
export function SignInGate({ reason }: { reason: Reason | null }) {
  return (
    <>
      <span className="sr-only" role="status" aria-live="polite" data-testid="sign-in-announcement">
        {describeReason(reason)}
      </span>
      {reason !== null && <SignInNote reason={reason} />}
    </>
  );
}

function SignInNote({ reason }: { reason: Reason }) {
  switch (reason) {
    case 'blocked':
      return (
        <p className="flex w-full items-center gap-2 text-xs text-slate-700 dark:text-slate-200">
          {NOTES.blocked}
          <button type="button" onClick={openPendingSignIn} className={PRIMARY} data-testid="sign-in">
            Sign in
          </button>
        </p>
      );
    case 'closed':
      return (
        <p className="flex w-full flex-wrap items-center gap-2 rounded-md border border-amber-400 bg-amber-50 px-2 py-1 text-xs text-slate-900 dark:border-amber-500 dark:bg-slate-900 dark:text-slate-100" data-testid="consent-window-closed">
          {NOTES.closed}
          <button type="button" onClick={cancelSignIn} className={PRIMARY} data-testid="cancel-sign-in">
            Cancel sign-in
          </button>
          <button type="button" onClick={reopenConsentWindow} className={SECONDARY} data-testid="reopen-consent-window">
            Reopen the consent window
          </button>
        </p>
      );
    default: {
      const unknown: never = reason;
      throw new Error(`No sign-in note for ${String(unknown)}.`);
    }
  }
}
