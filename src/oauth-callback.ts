/**
 * The app's OAuth redirect page (oauth-callback.html): the authorization server sends the
 * consent popup here with code, state and iss. It hands the URL to the page that opened
 * it, on this origin only (postMessage's target origin), takes the code out of this
 * window's address and history, and closes. It keeps nothing. Without an opener (a server
 * that sends Cross-Origin-Opener-Policy cuts it off) it answers on a BroadcastChannel
 * named by the flow's state, which reaches this origin's pages only.
 */
const CALLBACK_MESSAGE_TYPE = 'mcp-lifecycle-explorer.oauth-redirect';

function sendRedirectToOpener(): void {
  const url = window.location.href;
  const state = new URLSearchParams(window.location.search).get('state');
  window.history.replaceState(null, '', window.location.pathname);
  const status = document.getElementById('status');
  // The opener is another realm's window, so instanceof Window would be false: DOM types say what it is.
  const opener: Window | null = window.opener;
  if (opener && !opener.closed) {
    opener.postMessage({ type: CALLBACK_MESSAGE_TYPE, url }, window.location.origin);
    if (status) status.textContent = 'The explorer has the answer of the authorization server. This window closes itself.';
    window.close();
  } else if (state && typeof BroadcastChannel === 'function') {
    // No opener: an authorization server that sends Cross-Origin-Opener-Policy severs it. The explorer listens on a
    // channel named by the flow's state, on this origin only; the message is not kept anywhere once delivered.
    const channel = new BroadcastChannel(`${CALLBACK_MESSAGE_TYPE}.${state}`);
    channel.postMessage({ type: CALLBACK_MESSAGE_TYPE, url });
    channel.close();
    if (status) status.textContent = 'The explorer has the answer of the authorization server (this window had been cut off from it, so it was sent on this site\'s own channel). This window closes itself; if it stays, close it.';
    window.close();
  } else if (status) {
    status.textContent = 'This page takes the answer of an authorization server back to the explorer, but the explorer window that asked is gone. Close this window and start the run again.';
  }
}

sendRedirectToOpener();
