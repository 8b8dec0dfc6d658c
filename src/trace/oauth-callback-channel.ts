/**
 * How the app's OAuth callback page (oauth-callback.html) hands the authorization server's
 * redirect to the explorer: a message on a BroadcastChannel of this name, which reaches
 * this origin's pages alone. The consent window is opened without an opener (noopener), so
 * there is no window to post to, and none for a hostile consent page to reach back through.
 * The explorer takes only a message that names its callback and carries its flow's state.
 */
export const CALLBACK_CHANNEL = 'mcp-lifecycle-explorer.oauth-redirect';

/** The one message the callback page posts: the URL it was sent to, code, state and iss in its query. */
export type CallbackMessage = { type: typeof CALLBACK_CHANNEL; url: string };
