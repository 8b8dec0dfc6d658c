/**
 * The words for messages between the host and a tool's view (MCP Apps) whose step title
 * depends on the message: which method, and whether the host's answer was a result or a
 * refusal. The engine decides which step it is (src/lifecycle/classify-app-message.ts).
 */

/** The longest piece of a view's own text a title quotes: a view writes what it likes. */
const QUOTED = 100;

function quote(text: string): string {
  return text.length > QUOTED ? `${text.slice(0, QUOTED - 1)}…` : text;
}

export function describeViewRequest(method: string): string {
  return `View sends ${quote(method)}`;
}

/** A notification of the view's: a log line says what it logged; anything else is named by its method. */
export function describeViewNotification({ method, level, data }: { method: string; level?: unknown; data?: unknown }): string {
  if (method === 'notifications/message')
    return `View logs${typeof level === 'string' ? ` (${quote(level)})` : ''}: ${quote(typeof data === 'string' ? data : (JSON.stringify(data) ?? ''))}`;
  if (method === 'ui/notifications/request-teardown') return 'View asks the host to close it (ui/notifications/request-teardown)';
  if (method === 'notifications/cancelled') return 'View stops waiting for its request (notifications/cancelled): its SDK gave up, or it cancelled';
  return `View sends ${quote(method)}`;
}

/** The host's answer to a request of the view's, named by that request's method. */
export function describeHostAnswer({ method, error }: { method: string | undefined; error?: { code: number; message: string } | undefined }): string {
  const what = method === undefined ? 'a request' : quote(method);
  return error ? `Host refuses the view’s ${what} (${error.code}): ${quote(error.message)}` : `Host answers the view’s ${what}`;
}

export function describeHostMessage(method: string): string {
  return `Host sends the view ${quote(method)}`;
}

export function describeViewAnswer(method: string | undefined): string {
  return `View answers the host’s ${method === undefined ? 'request' : quote(method)}`;
}

/** The CLI's step for a tool with a view: what a host with a screen would do now. */
export function describeNoScreen(resourceUri: string): string {
  return `No screen here: a host with one would now render ${quote(resourceUri)} and tell it the arguments (nothing is sent)`;
}

export function describeNoScreenResult(method: string): string {
  return `No screen here: a host with one would now send the view ${quote(method)} (nothing is sent)`;
}

export function describeViewFailed(reason: string): string {
  return `The view could not be shown (${quote(reason)}): the host goes on without it`;
}
