import type { AuthorizationSettings } from '../lifecycle/index.ts';
import { CALLBACK_CHANNEL } from '../trace/index.ts';
import type { GatedUrl } from '../trace/index.ts';
import { useExplorerStore, type PendingSignIn } from './explorer-store.ts';

/**
 * The page's part in the authorization flow. While the engine waits for consent, the page
 * shows a Sign in button (src/ui/gate/sign-in-gate.tsx): a click opens the consent page in
 * a window with no opener (src/ui/open-gated-url.tsx), so that page cannot reach back into
 * this tab, and the authorization server sends that window back to the app's callback page
 * (same origin), which posts the redirect URL on this origin's BroadcastChannel and closes.
 * Only a message naming the redirect URI and carrying this flow's state is taken: a forged
 * or stray answer does not end the sign-in. The code goes from there to the engine's
 * memory; nothing is written to storage or to this page's address.
 */

/** Long enough to sign in and approve, short enough that a forgotten run ends (as the CLI's wait); counted again from each Sign in. */
const CONSENT_WAIT_MS = 5 * 60_000;

/** The sign-in the page waits for: what the learner's buttons do to it. */
let waiting: { opened: () => void; cancel: () => void; checkRefused: () => void } | null = null;

/** The learner pressed Sign in (the window opened, or the browser said no, which a window without an opener cannot tell): the wait starts again. */
export function noteSignInOpened(): void {
  waiting?.opened();
}

/** Cancel sign-in: the flow ends as not answered, with what the page saw. */
export function cancelSignIn(): void {
  waiting?.cancel();
}

/**
 * The learner hands an answer the page refused (another state) to the host, whose own check then refuses it in a step
 * and says why (the sandbox's state-mismatch switch shows that check). Only a click does this: a forged answer alone
 * never ends the sign-in.
 */
export function checkRefusedAnswer(): void {
  waiting?.checkRefused();
}

type Reading = { url: string } | { refused: string; url: string } | undefined;

/** What a message on the channel is to this flow: its redirect, another flow's or a forged one (refused), or not the callback's at all. */
function readCallbackMessage({ data, redirectUri, state }: { data: unknown; redirectUri: string; state: string }): Reading {
  if (typeof data !== 'object' || data === null || !('type' in data) || data.type !== CALLBACK_CHANNEL || !('url' in data) || typeof data.url !== 'string')
    return undefined;
  const url = data.url;
  if (!url.startsWith(`${redirectUri}?`)) return undefined;
  const sent = new URL(url).searchParams.get('state');
  if (sent === state) return { url };
  return { refused: sent === null ? 'an answer without a state' : 'an answer with another state than this sign-in sent', url };
}

function describeEnd({ refused, stopped }: { refused: string | undefined; stopped: string }): string {
  const seen = refused ? ` Only ${refused} came back to the callback page, and the explorer did not take it: it may be forged, or answer another sign-in.` : '';
  return `${stopped}${seen}`;
}

function waitForCallback({
  authorizationUrl,
  redirectUri,
  state,
  signal,
}: {
  authorizationUrl: GatedUrl;
  redirectUri: string;
  state: string;
  signal: AbortSignal;
}): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    // Same-origin by its nature (a BroadcastChannel reaches this origin's pages alone), and never stored.
    const channel = new BroadcastChannel(CALLBACK_CHANNEL);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let refused: { reason: string; url: string } | undefined;
    const show = (change: Partial<PendingSignIn>) =>
      useExplorerStore.setState((current) => (current.signIn ? { signIn: { ...current.signIn, ...change } } : {}));
    const finish = (settle: () => void) => {
      signal.removeEventListener('abort', onAbort);
      channel.close();
      clearTimeout(timer);
      waiting = null;
      useExplorerStore.setState({ signIn: null });
      settle();
    };
    const restartTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () =>
          finish(() =>
            reject(
              new Error(
                describeEnd({
                  refused: refused?.reason,
                  stopped: `no answer came back from the authorization server within ${CONSENT_WAIT_MS / 60_000} minutes of the last Sign in.`,
                }),
              ),
            ),
          ),
        CONSENT_WAIT_MS,
      );
    };
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (event.origin !== window.location.origin) return;
      const reading = readCallbackMessage({ data: event.data, redirectUri, state });
      if (reading === undefined) return;
      if (!('refused' in reading)) {
        finish(() => resolve(reading.url));
        return;
      }
      refused = { reason: reading.refused, url: reading.url };
      show({ refused: reading.refused });
    };
    waiting = {
      opened: () => {
        restartTimer();
        show({ opened: true });
      },
      cancel: () =>
        finish(() =>
          reject(
            new Error(
              describeEnd({ refused: refused?.reason, stopped: 'you cancelled the sign-in before the authorization server sent you back to the explorer.' }),
            ),
          ),
        ),
      checkRefused: () => {
        const handed = refused?.url;
        if (handed !== undefined) finish(() => resolve(handed));
      },
    };
    useExplorerStore.setState({ signIn: { authorizationUrl, opened: false } });
    restartTimer();
    signal.addEventListener('abort', onAbort, { once: true });
    function onAbort() {
      finish(() => reject(new Error('the run was stopped.')));
    }
  });
}

/** The run's authorization settings in the page: tokens in the engine's memory only. */
export function createPageAuthorization({
  redirectUri,
  showSecrets,
  clientMetadataUrl,
  clientId,
}: {
  redirectUri: string;
  showSecrets: boolean;
  clientMetadataUrl?: string;
  clientId?: string;
}): AuthorizationSettings {
  return {
    redirectUri,
    showSecrets,
    ...(clientMetadataUrl ? { clientMetadataUrl } : {}),
    ...(clientId ? { clientId } : {}),
    obtainConsent: ({ authorizationUrl, state, signal }) => waitForCallback({ authorizationUrl, redirectUri, state, signal }),
  };
}
