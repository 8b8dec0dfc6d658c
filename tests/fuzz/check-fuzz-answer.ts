import type { IncomingHttpHeaders } from 'node:http';
import { readServerSentEvents } from '../helpers/read-server-sent-events.ts';
import type { RouteKind } from './generate-fuzz-request.ts';

/**
 * What a sensible answer to any request looks like: a status the server documents,
 * a body that parses as the Content-Type says, a JSON-RPC error wherever an MCP
 * endpoint refuses, the provider's `error` field wherever the mock refuses, and no
 * 5xx except 503 for the session cap.
 */

/** Every status the server may answer a fuzz request with (Node's own 400/431 for broken HTTP included). */
export const SENSIBLE_STATUSES = new Set([200, 202, 204, 400, 403, 404, 405, 406, 409, 413, 415, 431, 503]);

export type CheckedAnswer = {
  method: string;
  route: RouteKind;
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body of a stream that was still open when the reader hung up: its last event may be one still arriving. */
  streamOpen?: boolean;
};

/** undefined when the answer is sensible, else what is wrong with it. */
export function findAnswerProblem({ method, route, status, headers, body, streamOpen = false }: CheckedAnswer): string | undefined {
  if (!SENSIBLE_STATUSES.has(status)) return `status ${status} is not one the server documents`;
  const contentType = String(headers['content-type'] ?? '');
  const hasBody = method !== 'HEAD' && status !== 204 && body.length > 0;

  let parsed: unknown;
  if (hasBody && contentType.includes('application/json')) {
    try {
      parsed = JSON.parse(body);
    } catch {
      return `the body says application/json but does not parse: ${body.slice(0, 200)}`;
    }
  }
  if (hasBody && contentType.includes('text/event-stream')) {
    // A stream read while still open is judged on its complete events; an ended one on all it sent, a cut-off last event included.
    for (const event of readServerSentEvents(body, { ended: !streamOpen })) {
      if (event.data.trim() === '') continue;
      try {
        JSON.parse(event.data);
      } catch {
        return `an SSE event's data does not parse as JSON: ${event.data.slice(0, 200)}`;
      }
    }
  }

  if (status >= 500) {
    const sessionCap = status === 503 && route === 'mcp' && isJsonRpcError(parsed) && parsed.error.message.includes('Too many live sessions');
    if (!sessionCap) return `a server error (${status}) other than the session cap: ${body.slice(0, 200)}`;
  }
  // 403 (Host, Origin) and 431 (headers too large) are answered before any endpoint runs.
  const answeredByEndpoint = status >= 400 && status !== 403 && status !== 431 && hasBody;
  if (route === 'mcp' && answeredByEndpoint && !isJsonRpcError(parsed))
    return `an MCP endpoint refused (${status}) without a JSON-RPC error: ${body.slice(0, 200)}`;
  if (route === 'mock' && answeredByEndpoint && !(typeof parsed === 'object' && parsed !== null && 'error' in parsed)) {
    return `the mock model refused (${status}) without an error field: ${body.slice(0, 200)}`;
  }
  if (route === 'mcp' && status === 200 && hasBody && contentType.includes('application/json') && !isJsonRpcMessage(parsed)) {
    return `an MCP answer (200, JSON) that is not a JSON-RPC message: ${body.slice(0, 200)}`;
  }
  return undefined;
}

type JsonRpcError = { jsonrpc: '2.0'; error: { code: number; message: string }; id: string | number | null };

function isJsonRpcError(value: unknown): value is JsonRpcError {
  if (typeof value !== 'object' || value === null) return false;
  const { jsonrpc, error, id } = value as Partial<JsonRpcError>;
  return (
    jsonrpc === '2.0' &&
    typeof error === 'object' &&
    error !== null &&
    Number.isInteger(error.code) &&
    typeof error.message === 'string' &&
    (id === null || typeof id === 'string' || typeof id === 'number')
  );
}

function isJsonRpcMessage(value: unknown): boolean {
  const messages = Array.isArray(value) ? value : [value];
  return (
    messages.length > 0 && messages.every((message) => typeof message === 'object' && message !== null && (message as { jsonrpc?: unknown }).jsonrpc === '2.0')
  );
}
