import { isInitializeRequest, isJSONRPCRequest } from '@modelcontextprotocol/server';
import { readBoundedBody } from './read-bounded-body.ts';

/**
 * The session endpoint peeks at a POST body before the SDK transport reads it: to
 * tell an initialize (which may start a session) from the rest, and to count the
 * requests a session answers. It reads a clone, so the transport still gets the body.
 */

export type JsonBody = { kind: 'json'; value: unknown } | { kind: 'not-json' } | { kind: 'too-large' };

/** The parsed JSON body of a clone, read within the body limit. */
export async function readJsonBody(request: Request): Promise<JsonBody> {
  const body = await readBoundedBody(request.clone());
  if (body.tooLarge) return { kind: 'too-large' };
  try {
    return { kind: 'json', value: JSON.parse(body.text) as unknown };
  } catch {
    return { kind: 'not-json' };
  }
}

export function isInitializeBody(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((message) => isInitializeRequest(message));
}

/** JSON-RPC requests (messages with a method and an id) in a single message or a batch. */
export function countJsonRpcRequests(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body];
  return messages.filter((message) => isJSONRPCRequest(message)).length;
}
