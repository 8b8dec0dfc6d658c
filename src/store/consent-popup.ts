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
  useExplorerStore.setState({ signIn: { authorizationUrl } });
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

function waitForCallback({ popup, redirectUri, signal }: { popup: Window; redirectUri: string; signal: AbortSignal }): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const finish = (settle: () => void) => {
      window.removeEventListener('message', onMessage);
      clearInterval(closedTimer);
      settle();
    };
    const onMessage = (event: MessageEvent<unknown>) => {
      // Another window or origin may post anything: only our popup, on our origin, with a redirect to our callback.
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const data = event.data;
      if (typeof data !== 'object' || data === null || !('type' in data) || data.type !== CALLBACK_MESSAGE_TYPE || !('url' in data) || typeof data.url !== 'string') return;
      const url = data.url;
      if (!url.startsWith(`${redirectUri}?`)) return;
      finish(() => resolve(url));
    };
    const closedTimer = setInterval(() => {
      if (popup.closed) finish(() => reject(new Error('the consent window was closed before the authorization server sent it back to the explorer.')));
    }, CLOSED_POLL_MS);
    signal.addEventListener('abort', () => finish(() => {
      popup.close();
      reject(new Error('the run was stopped.'));
    }), { once: true });
    window.addEventListener('message', onMessage);
  });
}

/** The run's authorization settings in the page: tokens in the engine's memory only. */
export function createPageAuthorization({ redirectUri, showSecrets, clientMetadataUrl }: { redirectUri: string; showSecrets: boolean; clientMetadataUrl?: string }): AuthorizationSettings {
  return {
    redirectUri,
    showSecrets,
    ...(clientMetadataUrl ? { clientMetadataUrl } : {}),
    obtainConsent: async ({ authorizationUrl, signal }) => {
      const { popup } = await openPopup(authorizationUrl, signal);
      return waitForCallback({ popup, redirectUri, signal });
    },
  };
}
