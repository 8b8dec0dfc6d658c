import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { z } from 'zod';

const JsonObjectSchema = z.record(z.string(), z.unknown());

/**
 * The JSON-RPC message to send after the learner edited it at the gate, or undefined
 * when the edit is not a JSON object (the message then leaves as the client wrote it).
 * Its id and method stay the client's: the client waits for the answer to its own id,
 * and would hang on an answer to another.
 */
export function applyLearnerEdit({ message, edit }: { message: JSONRPCMessage | undefined; edit: unknown }): Record<string, unknown> | undefined {
  const parsed = JsonObjectSchema.safeParse(edit);
  if (!parsed.success) return undefined;
  const edited = { ...parsed.data };
  if (message && 'id' in message && message.id !== undefined) edited.id = message.id;
  if (message && 'method' in message) edited.method = message.method;
  return edited;
}
