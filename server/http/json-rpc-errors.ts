import { isJsonContentType } from '@modelcontextprotocol/server';
import { jsonResponse } from '../shared/index.ts';

/**
 * JSON-RPC error answers for the MCP endpoints, worded as the SDK words its own, so
 * a client sees the same answer for the same mistake whichever endpoint, era or
 * session state it hits.
 */

/** Messages in one JSON-RPC batch at most; the SDK's transport uses the same cap. */
export const MAX_BATCH_MESSAGES = 100;

export const PARSE_ERROR_MESSAGE = 'Parse error: Invalid JSON';
/** The SDK's words when a body stream fails mid-read (the client went away). */
export const UNREADABLE_BODY_MESSAGE = 'Parse error: the request body could not be read';
export const NOT_ACCEPTABLE_MESSAGE = 'Not Acceptable: Client must accept both application/json and text/event-stream';
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'Unsupported Media Type: Content-Type must be application/json';

export function createJsonRpcErrorResponse(status: number, code: number, message: string, body?: unknown, headers: Record<string, string> = {}): Response {
  return jsonResponse(status, { jsonrpc: '2.0', error: { code, message }, id: readEchoableId(body) }, headers);
}

/** The id to echo: a single request's string or number id, else null, as JSON-RPC says for errors it cannot tie to a request. */
function readEchoableId(body: unknown): string | number | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('id' in body)) return null;
  const { id } = body as { id: unknown };
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * The transport's header rules for a POST, applied to every MCP endpoint in both eras.
 * The SDK checks Accept only on 2025-era requests, and the sessions endpoint asked
 * for a session id before either check: the spec requires both media types in
 * Accept in every revision, so the answer should not depend on which path decided.
 */
export function findPostHeaderRefusal(request: Request): Response | undefined {
  if (request.method !== 'POST') return undefined;
  if (!isJsonContentType(request.headers.get('content-type'))) return createJsonRpcErrorResponse(415, -32000, UNSUPPORTED_MEDIA_TYPE_MESSAGE);
  // Matched as the SDK matches it, so an Accept this lets through is never refused further on.
  const accept = request.headers.get('accept') ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) return createJsonRpcErrorResponse(406, -32000, NOT_ACCEPTABLE_MESSAGE);
  return undefined;
}
