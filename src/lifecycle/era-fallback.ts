import { z } from 'zod';
import type { HttpExchange } from '../trace/trace.ts';
import { parseJsonBody } from './classify-mcp-message.ts';

/**
 * Whether a server's answer to the 2026-07-28 `server/discover` says it speaks an older
 * era, so that the Auto era may fall back to the 2025-11-25 handshake. The host decides
 * from the recorded HTTP answer, not from the SDK's verdict: the SDK's own 'auto' also
 * falls back when a browser hides a CORS failure, and a failure to reach the server is a
 * fault to explain, never a version question.
 */

/** What the server answered, as the learner sees it in the fallback step. */
export type ProbeAnswer = {
  status: number;
  jsonRpcError?: { code: number; message: string };
  supportedVersions?: string[];
  /** The body's first characters, when it is no JSON-RPC message. */
  body?: string;
};

export type EraVerdict =
  | { kind: 'fall-back'; reason: string; answered: ProbeAnswer }
  /** The failure is something else (network, authorization, a server error): explain it as it is. */
  | { kind: 'not-a-version-question' };

export const MODERN_ERA = '2026-07-28';
const METHOD_NOT_FOUND = -32601;

const ErrorAnswerSchema = z.object({ error: z.object({ code: z.number(), message: z.string() }) });
const DiscoverAnswerSchema = z.object({ result: z.object({ supportedVersions: z.array(z.string()) }) });

/**
 * The JSON-RPC message the answer carries: the body, or the first message frame's data.
 * Frames of another event (the stdio bridge's `event: bridge` lines, say) carry no answer.
 */
function readAnswerMessage(http: HttpExchange): unknown {
  const fromBody = parseJsonBody(http.responseBody);
  if (fromBody !== undefined) return fromBody;
  for (const frame of http.sse ?? []) {
    if (frame.event !== undefined && frame.event !== 'message') continue;
    const parsed = parseJsonBody(frame.data);
    if (parsed !== undefined) return parsed;
  }
  return undefined;
}

function describeAnswer(http: HttpExchange & { status: number }): ProbeAnswer {
  const message = readAnswerMessage(http);
  const error = ErrorAnswerSchema.safeParse(message);
  if (error.success) return { status: http.status, jsonRpcError: error.data.error };
  const discover = DiscoverAnswerSchema.safeParse(message);
  if (discover.success) return { status: http.status, supportedVersions: discover.data.result.supportedVersions };
  const body = (http.responseBody ?? '').trim();
  return body === '' ? { status: http.status } : { status: http.status, body: body.length > 200 ? `${body.slice(0, 200)}…` : body };
}

function quoteError(answered: ProbeAnswer): string {
  return answered.jsonRpcError ? ` (JSON-RPC ${answered.jsonRpcError.code}: “${answered.jsonRpcError.message.slice(0, 160)}”)` : '';
}

/** Reads the recorded answer to server/discover: a fallback and its reason, or not a version question. */
export function judgeDiscoverAnswer(http: HttpExchange | undefined): EraVerdict {
  // No status: nothing answered (refused, timed out, blocked by CORS). Never a fallback.
  if (!http || http.status === undefined) return { kind: 'not-a-version-question' };
  const answered = describeAnswer({ ...http, status: http.status });
  const { status } = answered;
  if (status === 400) {
    return { kind: 'fall-back', answered, reason: `The server answered HTTP 400${quoteError(answered)}: it took server/discover for a request outside a session, as a 2025-11-25 server does before initialize.` };
  }
  if (status === 404 || status === 405) {
    return { kind: 'fall-back', answered, reason: `The server answered HTTP ${status}${quoteError(answered)}: it has no 2026-07-28 endpoint here, as a 2025-11-25 server may answer a request it does not expect.` };
  }
  if (status >= 200 && status < 300 && answered.jsonRpcError) {
    const what = answered.jsonRpcError.code === METHOD_NOT_FOUND ? 'it does not know the method server/discover' : 'it did not accept server/discover';
    return { kind: 'fall-back', answered, reason: `The server answered with a JSON-RPC error${quoteError(answered)}: ${what}, so it speaks an older era.` };
  }
  if (status >= 200 && status < 300 && answered.supportedVersions && !answered.supportedVersions.includes(MODERN_ERA)) {
    return { kind: 'fall-back', answered, reason: `The server speaks ${answered.supportedVersions.join(', ') || 'no listed version'}, not ${MODERN_ERA}.` };
  }
  return { kind: 'not-a-version-question' };
}
