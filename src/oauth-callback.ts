import { CALLBACK_CHANNEL, type CallbackMessage } from './trace/index.ts';

/**
 * The app's OAuth redirect page (oauth-callback.html): the authorization server sends the
 * consent window here with code, state and iss. It hands the URL to the explorer on this
 * origin's own channel (a BroadcastChannel reaches this origin's pages only; the window was
 * opened without an opener, so there is none to post to), takes the code out of this
 * window's address and history, and closes. It keeps nothing. The explorer takes the
 * message only when it carries the state of the sign-in it is waiting for.
 */
function sendRedirectToExplorer(): void {
  const url = window.location.href;
  window.history.replaceState(null, '', window.location.pathname);
  const status = document.getElementById('status');
  if (typeof BroadcastChannel !== 'function') {
    if (status)
      status.textContent =
        'This browser has no BroadcastChannel, so this page cannot hand the answer of the authorization server to the explorer. Use a current browser, or the CLI (npm run trace -- --authorize).';
    return;
  }
  const channel = new BroadcastChannel(CALLBACK_CHANNEL);
  const message: CallbackMessage = { type: CALLBACK_CHANNEL, url };
  channel.postMessage(message);
  channel.close();
  if (status)
    status.textContent =
      'The answer of the authorization server was handed to the explorer’s tab, which takes it if it is waiting for this sign-in. This window closes itself; if it stays open, close it and go back to the explorer.';
  window.close();
}

sendRedirectToExplorer();
