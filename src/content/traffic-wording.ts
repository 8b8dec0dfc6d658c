/**
 * The words for MCP traffic whose step title depends on the message: which method the
 * client sent, what the server pushed, what an HTTP status means for a stream or a session.
 * The engine decides which step it is; this says it in English.
 */

/** A message without a step of its own (for example a ping, or a reply to the server). */
export function describeClientMessage(method: string): string {
  return `Client sends ${method}`;
}

export function describeServerMessage(method: string): string {
  return `Server sends ${method}`;
}

/** Progress that names no stage of the built-in server: its own words, or its count. */
export function describeServerProgress(detail: string): string {
  return `Server reports progress: ${detail}`;
}

export function describeJsonRpcError({ code, message }: { code: number; message: string }): string {
  return `Server answers with a JSON-RPC error (${code}): ${message}`;
}

export const SESSION_ALREADY_GONE = 'Server answers 404 to the DELETE: the session was already gone';

/**
 * A GET (open the server's stream) or a DELETE (end the session) carries no JSON-RPC
 * message: its HTTP status is the news, added to the step's title.
 */
export function describeStreamAnswer({ httpMethod, status }: { httpMethod: string; status: number }): string {
  const ok = status >= 200 && status < 300;
  if (httpMethod === 'DELETE') return ok ? `server answers ${status}: the session is over` : `server answers ${status}`;
  if (status === 405) return 'server answers 405: it keeps no session, so it has nothing to push';
  return ok ? `server answers ${status}: the stream is open` : `server answers ${status}`;
}
