import type { AuthorizationSettings } from '../lifecycle/run-context.ts';
import { useExplorerStore } from './explorer-store.ts';

/**
 * The page's part in the authorization flow: the consent page opens in a popup, and the
 * authorization server sends that popup back to the app's callback page (same origin),
 * which posts the redirect URL here and closes. Only a message from that popup, from this
 * origin, naming the redirect URI, is taken. The code goes from there to the engine's
 * memory; nothing is written to storage or to this page's address.
 */

/** The message oauth-callback.ts posts to its opener. */
export const CALLBACK_MESSAGE_TYPE = 'mcp-lifecycle-explorer.oauth-redirect';
const POPUP_FEATURES = 'popup,width=560,height=720';
/** How often the page looks whether the learner closed the consent window by hand. */
const CLOSED_POLL_MS = 500;
/**
 * How long the page still listens once the popup looks closed. An authorization server
 * that sends Cross-Origin-Opener-Policy: same-origin severs the popup from this page, and
 * its window then reads as closed while the learner is still signing in there; the
 * callback page then answers on the BroadcastChannel instead.
 */
const SEVERED_POPUP_WAIT_MS = 5 * 60_000;
/** How long a window closed on one of the explorer's own pages is given for its last message to arrive. */
const CLOSED_GRACE_MS = 1_000;

/** The channel the callback page answers on when it has no opener: named by the flow's state, which only this flow knows. */
export function nameCallbackChannel(state: string): string {
  return `${CALLBACK_MESSAGE_TYPE}.${state}`;
}

/** The redirect URL a message carries, when it is the callback's, to this redirect URI (with this flow's state, when one is asked for). */
function readCallbackUrl({ data, redirectUri, state }: { data: unknown; redirectUri: string; state?: string }): string | undefined {
  if (typeof data !== 'object' || data === null || !('type' in data) || data.type !== CALLBACK_MESSAGE_TYPE || !('url' in data) || typeof data.url !== 'string') return undefined;
  const url = data.url;
  if (!url.startsWith(`${redirectUri}?`)) return undefined;
  // On the channel, anyone of this origin could post: the state keeps another flow's answer out of this one. From our
  // own popup, any state is taken, since the host checks it with the code and explains a mismatch to the learner.
  return state === undefined || new URL(url).searchParams.get('state') === state ? url : undefined;
}

type Opened = { popup: Window; authorizationUrl: string };

let askToOpen: ((opened: Window | null) => void) | null = null;

/** The Sign in button: a click is the user gesture a blocked popup needs. */
export function openPendingSignIn(): void {
  const pending = useExplorerStore.getState().signIn;
  if (!pending || !askToOpen) return;
  askToOpen(window.open(pending.authorizationUrl, 'mcp-authorization', POPUP_FEATURES));
}

/** Opens the consent popup at once (Next's click is still a user gesture) or, when the browser blocks it, after a click on Sign in. */
async function openPopup(authorizationUrl: string, signal: AbortSignal): Promise<Opened> {
  const popup = window.open(authorizationUrl, 'mcp-authorization', POPUP_FEATURES);
  if (popup) return { popup, authorizationUrl };
  useExplorerStore.setState({ signIn: { authorizationUrl, reason: 'blocked' } });
  try {
    return await new Promise<Opened>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new Error('the run was stopped.')), { once: true });
      askToOpen = (opened) => {
        if (opened) resolve({ popup: opened, authorizationUrl });
      };
    });
  } finally {
    askToOpen = null;
    useExplorerStore.setState({ signIn: null });
  }
}

/** What the page says when the learner ends the flow, or closed the window on a page the explorer could see. */
const CLOSED_BEFORE_ANSWERING = 'the consent window was closed before the authorization server sent it back to the explorer.';

/**
 * Whether the popup shows a page of this origin (not the blank page it opens on). Such a window was not cut off by
 * COOP when it was last read, so its reading as closed soon after means the learner closed it.
 */
function showsOwnPage(popup: Window): boolean {
  try {
    return popup.location.origin === window.location.origin && popup.location.href !== 'about:blank';
  } catch {
    // Another origin's page: its address cannot be read, and it may send COOP.
    return false;
  }
}

/** The note's two buttons while the consent window reads as closed; null otherwise. */
let closedWindowActions: { cancel: () => void; reopen: () => void } | null = null;

/** Cancel sign-in: the learner closed the consent window, so the flow ends as closed before answering. */
export function cancelSignIn(): void {
  closedWindowActions?.cancel();
}

/** Reopen the consent window: the same authorization request (same state and PKCE challenge) in a new popup; a click lets the browser open it. */
export function reopenConsentWindow(): void {
  closedWindowActions?.reopen();
}

function waitForCallback({ popup: firstPopup, authorizationUrl, redirectUri, state, signal }: { popup: Window; authorizationUrl: string; redirectUri: string; state: string | null; signal: AbortSignal }): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let popup = firstPopup;
    // Same-origin only by its nature (a BroadcastChannel reaches this origin's pages alone), and never stored.
    const channel = state === null ? null : new BroadcastChannel(nameCallbackChannel(state));
    let severedTimer: ReturnType<typeof setTimeout> | undefined;
    let closedTimer: ReturnType<typeof setInterval> | undefined;
    let sawOwnPage = false;
    const finish = (settle: () => void) => {
      window.removeEventListener('message', onMessage);
      channel?.close();
      clearInterval(closedTimer);
      clearTimeout(severedTimer);
      closedWindowActions = null;
      useExplorerStore.setState({ signIn: null });
      settle();
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      // Another window or origin may post anything: only our popup, on our origin, with a redirect to our callback.
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const url = readCallbackUrl({ data: event.data, redirectUri });
      if (url) finish(() => resolve(url));
    };
    if (channel && state !== null) {
      channel.onmessage = (event: MessageEvent<unknown>) => {
        if (event.origin !== window.location.origin) return;
        const url = readCallbackUrl({ data: event.data, redirectUri, state });
        if (url) finish(() => resolve(url));
      };
    }
    const onClosed = () => {
      // Our own callback page posts, then closes: a grace of one more look lets its message arrive first.
      if (!channel || sawOwnPage) {
        severedTimer = setTimeout(() => finish(() => reject(new Error(CLOSED_BEFORE_ANSWERING))), CLOSED_GRACE_MS);
        return;
      }
      // Closed by the learner or cut off by the server's COOP: the page cannot tell, so it says so and lets the learner choose.
      useExplorerStore.setState({ signIn: { authorizationUrl, reason: 'closed' } });
      closedWindowActions = {
        cancel: () => finish(() => reject(new Error(CLOSED_BEFORE_ANSWERING))),
        reopen: () => {
          const reopened = window.open(authorizationUrl, 'mcp-authorization', POPUP_FEATURES);
          if (!reopened) return;
          popup = reopened;
          clearTimeout(severedTimer);
          closedWindowActions = null;
          useExplorerStore.setState({ signIn: null });
          watchClosed();
        },
      };
      severedTimer = setTimeout(() => finish(() => reject(new Error(`the consent window was closed, or the authorization server cut it off from the explorer (Cross-Origin-Opener-Policy), and no answer reached the callback page within ${SEVERED_POPUP_WAIT_MS / 60_000} minutes.`))), SEVERED_POPUP_WAIT_MS);
    };
    const watchClosed = () => {
      sawOwnPage = false;
      closedTimer = setInterval(() => {
        if (!popup.closed) {
          sawOwnPage = showsOwnPage(popup);
          return;
        }
        clearInterval(closedTimer);
        onClosed();
      }, CLOSED_POLL_MS);
    };
    watchClosed();
    signal.addEventListener('abort', () => finish(() => {
      popup.close();
      reject(new Error('the run was stopped.'));
    }), { once: true });
    window.addEventListener('message', onMessage);
  });
}

/** The run's authorization settings in the page: tokens in the engine's memory only. */
export function createPageAuthorization({ redirectUri, showSecrets, clientMetadataUrl, clientId }: { redirectUri: string; showSecrets: boolean; clientMetadataUrl?: string; clientId?: string }): AuthorizationSettings {
  return {
    redirectUri,
    showSecrets,
    ...(clientMetadataUrl ? { clientMetadataUrl } : {}),
    ...(clientId ? { clientId } : {}),
    obtainConsent: async ({ authorizationUrl, signal }) => {
      const { popup } = await openPopup(authorizationUrl, signal);
      return waitForCallback({ popup, authorizationUrl, redirectUri, state: new URL(authorizationUrl).searchParams.get('state'), signal });
    },
  };
}
