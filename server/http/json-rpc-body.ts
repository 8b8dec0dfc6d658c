import { isInitializeRequest, isJSONRPCRequest } from '@modelcontextprotocol/server';

/**
 * The session endpoint peeks at a POST body before the SDK transport reads it: to
 * tell an initialize (which may start a session) from the rest, and to count the
 * requests a session answers. It reads a clone, so the transport still gets the body.
 */

/** The parsed JSON body, or undefined when it is not JSON (the transport then answers 400 itself). */
export async function readJsonBody(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await request.clone().text()) as unknown;
  } catch {
    return undefined;
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
