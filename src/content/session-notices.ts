import type { Step } from '../trace/index.ts';

/**
 * What a 404 about a session means, said for every step that shows one (the request the
 * server refused and the step that reads its answer). The caption is the page's live
 * region: a learner who cannot see the HTTP view's status must hear each 404 too.
 */
export function describeSessionNotFound({ step }: { step: Step | undefined }): string | null {
  if (step?.http?.status !== 404) return null;
  const sessionId = readSessionId(step.http.requestHeaders);
  if (sessionId === null) return null;
  const session = `the session ${shortenId(sessionId)}`;
  if (step.http.method === 'DELETE') return `404: ${session} was already gone when the client came to end it, so there was nothing left to delete.`;
  if (step.id === 'mcp.session.expired')
    return `404: ${session} is gone, so the client must start a new session (initialize, no Mcp-Session-Id) and send the request again.`;
  return `404: ${session} is no longer known to the server, so this request was not run.`;
}

function readSessionId(headers: Record<string, string>): string | null {
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'mcp-session-id');
  return entry ? entry[1] : null;
}

/** A session id is a server's long random text: its first characters tell two sessions apart. */
function shortenId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}
