import type { Step } from '../trace/index.ts';
import { readJsonRpcMessage } from './classify-mcp-message.ts';
import type { RequestTracker } from './request-tracker.ts';

// What the traffic recorder (mcp-traffic.ts) notes of a message the client sends, besides its step.

/**
 * A notifications/cancelled the client sends: the call it names owes no answer any more.
 * The method is looked at before the message is checked: every message the client sends
 * passes here, and all but a cancel would be checked against the SDK's schemas for nothing.
 */
export function noteCancellation(tracker: RequestTracker<Step>, message: unknown): void {
  if (typeof message !== 'object' || message === null || !('method' in message) || message.method !== 'notifications/cancelled') return;
  const cancelled = readJsonRpcMessage(message);
  if (!cancelled || !('method' in cancelled) || cancelled.method !== 'notifications/cancelled') return;
  const requestId = cancelled.params?.requestId;
  if (typeof requestId === 'string' || typeof requestId === 'number') tracker.noteCancelled(requestId);
}

/** The note waiting for this method's next request (McpTraffic.noteNext), taken: it goes with one request only. */
export function takeNote(notes: Map<string, string>, method: string | undefined): string | undefined {
  if (method === undefined) return undefined;
  const note = notes.get(method);
  notes.delete(method);
  return note;
}
