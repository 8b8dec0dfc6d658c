/**
 * The app's OAuth redirect page (oauth-callback.html): the authorization server sends the
 * consent popup here with code, state and iss. It hands the URL to the page that opened
 * it, on this origin only (postMessage's target origin), takes the code out of this
 * window's address and history, and closes. It keeps nothing.
 */
const CALLBACK_MESSAGE_TYPE = 'mcp-lifecycle-explorer.oauth-redirect';

function sendRedirectToOpener(): void {
  const url = window.location.href;
  window.history.replaceState(null, '', window.location.pathname);
  const status = document.getElementById('status');
  // The opener is another realm's window, so instanceof Window would be false: DOM types say what it is.
  const opener: Window | null = window.opener;
  if (opener && !opener.closed) {
    opener.postMessage({ type: CALLBACK_MESSAGE_TYPE, url }, window.location.origin);
    if (status) status.textContent = 'The explorer has the answer of the authorization server. This window closes itself.';
    window.close();
  } else if (status) {
    status.textContent = 'This page takes the answer of an authorization server back to the explorer, but the explorer window that asked is gone. Close this window and start the run again.';
  }
}

sendRedirectToOpener();
