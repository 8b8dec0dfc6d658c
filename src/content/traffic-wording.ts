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
export function describeStreamAnswer({ httpMethod, status, resuming = false }: { httpMethod: string; status: number; resuming?: boolean }): string {
  const ok = status >= 200 && status < 300;
  if (resuming) return ok ? `server answers ${status}: it replays what followed that event` : `server answers ${status}: it cannot replay from that event`;
  if (httpMethod === 'DELETE') return ok ? `server answers ${status}: the session is over` : `server answers ${status}`;
  if (status === 405) return 'server answers 405: it keeps no session, so it has nothing to push';
  return ok ? `server answers ${status}: the stream is open` : `server answers ${status}`;
}

/** What a line the stdio bridge passed says, in a step title: the method or answer on it, or the log line itself. */
export function describeBridgeFrame({ kind, line, message }: { kind: 'stdin' | 'stdout' | 'stderr' | 'exit'; line: string; message: unknown }): string {
  const shown = line.length > 120 ? `${line.slice(0, 119)}…` : line;
  const method = typeof message === 'object' && message !== null && 'method' in message && typeof message.method === 'string' ? message.method : undefined;
  const id = typeof message === 'object' && message !== null && 'id' in message ? JSON.stringify(message.id) : undefined;
  switch (kind) {
    case 'stdin':
      if (method) return `Bridge writes ${method} to the server's stdin`;
      return message ? `Bridge writes the client's answer (id ${id}) to the server's stdin` : "Bridge writes a line to the server's stdin";
    case 'stdout':
      if (method) return `Bridge reads ${method} from the server's stdout`;
      if (message) return `Bridge reads the answer to id ${id} from the server's stdout`;
      return `Bridge reads a line that is not JSON-RPC from stdout (a server must keep stdout for messages): ${shown}`;
    case 'stderr':
      return `Server's stderr: ${shown}`;
    case 'exit':
      return `The stdio server process exited: ${shown}`;
    default: {
      const unknownKind: never = kind;
      return String(unknownKind);
    }
  }
}

/** The stream with the answer ended early, and its events had ids: what the client will do. */
export function describeStreamCut(lastEventId: string): string {
  return `The answer stream ends before the result, after event ${lastEventId}: the client will reconnect from there`;
}

/** The answer stream of a call the client cancelled ended with no result: the server stopped. */
export function describeCallStopped(progressEvents: number): string {
  return `Server stops the call: its stream ends with no result, after ${progressEvents} progress report${progressEvents === 1 ? '' : 's'}`;
}

/**
 * How the answer of a call the client cancelled ended with no result, as a step: the server
 * ended its stream, or the host closed what the server left open (the stream, or a POST with
 * no answer begun: a server that answers in JSON holds it until a result); undefined when it
 * broke otherwise (the run ended), which tells nothing. Without a title the step's own is used.
 */
export function describeCancelledCallEnd({
  endedByServer,
  closedByClient,
  answerBegan,
  progressEvents,
}: {
  endedByServer: boolean;
  closedByClient: boolean;
  answerBegan: boolean;
  progressEvents: number;
}): { stepId: 'mcp.call.stopped' | 'mcp.call.closed'; title?: string } | undefined {
  if (endedByServer) return { stepId: 'mcp.call.stopped', title: describeCallStopped(progressEvents) };
  if (!closedByClient) return undefined;
  return answerBegan
    ? { stepId: 'mcp.call.closed' }
    : { stepId: 'mcp.call.closed', title: 'Client closes the cancelled call’s request, which the server had not answered' };
}

/** A message the server sent again on a resumed stream, from its event store. */
export function describeReplayed(lastEventId: string): string {
  return `Replayed on the resumed stream: the server kept it in its event store, and sent it because it came after event ${lastEventId} (the Last-Event-ID).`;
}

/**
 * The DELETE the host sends when a run ends some other way than its own last step: the
 * session the server still keeps is ended now rather than left to idle out.
 */
export function describeSessionEndAfterRun(status: 'failed' | 'aborted' | 'ended'): string {
  switch (status) {
    case 'failed':
      return 'Client ends the session after the failure (DELETE), so the server does not keep it until it idles out';
    case 'aborted':
      return 'Client ends the session after the run was stopped (DELETE), so the server does not keep it until it idles out';
    case 'ended':
      return 'Client ends the session as the run ends (DELETE)';
    default: {
      const unknownStatus: never = status;
      return String(unknownStatus);
    }
  }
}

/** A message on a 2026-07-28 subscription stream names the subscription (the listen request's id) in its _meta. */
export function describeOnSubscription(title: string, subscriptionId: string | number | undefined): string {
  return subscriptionId === undefined ? title : `${title}, on subscription ${JSON.stringify(subscriptionId)}`;
}

/** What the server agreed to send on a subscription, from its acknowledgement. */
export function describeAcknowledged(subscriptionId: string | number | undefined, honoured: readonly string[]): string {
  const what = honoured.length === 0 ? 'nothing it was asked for: the subscription ends at once' : honoured.join(', ');
  return `Server acknowledges subscription ${subscriptionId === undefined ? '(no id)' : JSON.stringify(subscriptionId)}: it will send ${what}`;
}

/** A task's status told by a notification rather than by an answer to tasks/get. */
export function describeStatusNotification(title: string, method: string): string {
  return `${title} (${method})`;
}
