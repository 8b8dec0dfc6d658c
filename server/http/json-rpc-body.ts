import { isInitializeRequest, isJSONRPCRequest } from '@modelcontextprotocol/server';
import { exceedsJsonNesting, MAX_JSON_NESTING, BODY_TOO_LARGE_MESSAGE, readBoundedBody } from '../shared/index.ts';
import { createJsonRpcErrorResponse, PARSE_ERROR_MESSAGE, UNREADABLE_BODY_MESSAGE } from './json-rpc-errors.ts';

const TOO_DEEP_MESSAGE = `Parse error: the body nests arrays and objects more than ${MAX_JSON_NESTING} levels deep, deeper than this server reads`;

/**
 * The sessions endpoint reads a POST body once, here, and hands the parsed value on:
 * to the era check, to tell an initialize (which may start a session) from the rest,
 * to count the requests a session answers, and to the SDK transport as `parsedBody`.
 * Reading a clone for each of them instead tees the stream and parses the JSON again
 * every time, which a CPU profile under load showed as a large share of each call.
 */

export type JsonBody = { kind: 'json'; value: unknown } | { kind: 'not-json' } | { kind: 'too-deep' } | { kind: 'too-large' } | { kind: 'unreadable' };

/** The parsed JSON body, read within the body limit; the request's own body is used up. */
export async function readJsonBody(request: Request): Promise<JsonBody> {
  const body = await readBoundedBody(request);
  if (body.kind !== 'text') return body;
  // Parsing is safe at any depth, but the SDK's schemas recurse through what was parsed.
  if (exceedsJsonNesting(body.text)) return { kind: 'too-deep' };
  try {
    return { kind: 'json', value: JSON.parse(body.text) as unknown };
  } catch {
    return { kind: 'not-json' };
  }
}

/**
 * The JSON-RPC error for a body that is not JSON to serve, worded as the SDK words its
 * own (a client sees the same answer whichever endpoint and era it hits).
 */
export function refuseUnreadBody(body: Exclude<JsonBody, { kind: 'json' }>): Response {
  switch (body.kind) {
    case 'unreadable':
      return createJsonRpcErrorResponse(400, -32700, UNREADABLE_BODY_MESSAGE);
    case 'too-large':
      return createJsonRpcErrorResponse(413, -32000, BODY_TOO_LARGE_MESSAGE);
    case 'not-json':
      return createJsonRpcErrorResponse(400, -32700, PARSE_ERROR_MESSAGE);
    case 'too-deep':
      return createJsonRpcErrorResponse(400, -32700, TOO_DEEP_MESSAGE);
    default: {
      const unreachable: never = body;
      return unreachable;
    }
  }
}

export function isInitializeBody(body: unknown): boolean {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  // Every POST of a session asks this; the SDK's check runs a whole schema, worth it only
  // for a message that says it is an initialize (a CPU profile at 50 sessions showed it).
  return messages.some((message) => hasMethod(message, 'initialize') && isInitializeRequest(message));
}

function hasMethod(message: unknown, method: string): boolean {
  return typeof message === 'object' && message !== null && 'method' in message && message.method === method;
}

/** JSON-RPC requests (messages with a method and an id) in a single message or a batch. */
export function countJsonRpcRequests(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body];
  return messages.filter((message) => isJSONRPCRequest(message)).length;
}
