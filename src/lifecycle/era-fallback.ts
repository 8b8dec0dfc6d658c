import { z } from 'zod';
import type { HttpExchange } from '../trace/index.ts';
import { parseJsonBody } from './classify-mcp-message.ts';

/**
 * Whether a server's answer to the 2026-07-28 `server/discover` says it speaks an older
 * era, so that the Auto era may fall back to the 2025-11-25 handshake. The host decides
 * from the recorded answer (HTTP, or a stdio program's message), not from the SDK's
 * verdict: the SDK's own 'auto' also falls back when a browser hides a CORS failure, and a
 * failure to reach the server is a fault to explain, never a version question.
 */

/** What the server answered, as the learner sees it in the fallback step. */
export type ProbeAnswer = {
  /** The HTTP status (a stdio server has none). */
  status?: number;
  jsonRpcError?: { code: number; message: string };
  supportedVersions?: string[];
  /** A result that is no answer to server/discover, as it came (shortened). */
  result?: string;
  /** The body's first characters, when it is no JSON-RPC message. */
  body?: string;
  /** A stdio program that closed the connection instead of answering. */
  closed?: true;
};

export type EraVerdict =
  | { kind: 'fall-back'; reason: string; answered: ProbeAnswer }
  /** The failure is something else (network, authorization, a server error): explain it as it is. */
  | { kind: 'not-a-version-question' };

export const MODERN_ERA = '2026-07-28';
const METHOD_NOT_FOUND = -32601;

const ErrorAnswerSchema = z.object({ error: z.object({ code: z.number(), message: z.string() }) });
const DiscoverAnswerSchema = z.object({ result: z.object({ supportedVersions: z.array(z.string()) }) });
const ResultAnswerSchema = z.object({ result: z.unknown() });

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

function shorten(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** What a JSON-RPC answer to server/discover says, as the fallback step shows it. */
function describeMessage(message: unknown): Omit<ProbeAnswer, 'status'> | undefined {
  const error = ErrorAnswerSchema.safeParse(message);
  if (error.success) return { jsonRpcError: error.data.error };
  const discover = DiscoverAnswerSchema.safeParse(message);
  if (discover.success) return { supportedVersions: discover.data.result.supportedVersions };
  const result = ResultAnswerSchema.safeParse(message);
  if (result.success) return { result: shorten(JSON.stringify(result.data.result) ?? 'nothing') };
  return undefined;
}

function describeAnswer(http: HttpExchange & { status: number }): ProbeAnswer {
  const said = describeMessage(readAnswerMessage(http));
  if (said) return { status: http.status, ...said };
  const body = (http.responseBody ?? '').trim();
  return body === '' ? { status: http.status } : { status: http.status, body: shorten(body) };
}

function quoteError(answered: ProbeAnswer): string {
  return answered.jsonRpcError ? ` (JSON-RPC ${answered.jsonRpcError.code}: “${answered.jsonRpcError.message.slice(0, 160)}”)` : '';
}

/**
 * A JSON-RPC answer to server/discover, however it came: an error says the method is not
 * known or not accepted; a list of versions without 2026-07-28 says the server speaks
 * others; a result that is no answer to server/discover (empty, or without
 * supportedVersions) says it did not know the method, as the SDK's own auto mode reads it.
 */
function judgeAnswer(answered: ProbeAnswer): EraVerdict {
  if (answered.jsonRpcError) {
    const what = answered.jsonRpcError.code === METHOD_NOT_FOUND ? 'it does not know the method server/discover' : 'it did not accept server/discover';
    return { kind: 'fall-back', answered, reason: `The server answered with a JSON-RPC error${quoteError(answered)}: ${what}, so it speaks an older era.` };
  }
  if (answered.supportedVersions) {
    if (answered.supportedVersions.includes(MODERN_ERA)) return { kind: 'not-a-version-question' };
    return { kind: 'fall-back', answered, reason: `The server speaks ${answered.supportedVersions.join(', ') || 'no listed version'}, not ${MODERN_ERA}.` };
  }
  if (answered.result !== undefined) {
    return {
      kind: 'fall-back',
      answered,
      reason: `The server answered server/discover with a result that is no answer to it (${answered.result}, with no supportedVersions): it does not know the method, so it speaks an older era.`,
    };
  }
  return { kind: 'not-a-version-question' };
}

/** What the server answered to server/discover over HTTP, as a step shows it; undefined when nothing answered. */
export function describeDiscoverAnswer(http: HttpExchange | undefined): ProbeAnswer | undefined {
  return http?.status === undefined ? undefined : describeAnswer({ ...http, status: http.status });
}

/** Reads the recorded HTTP answer to server/discover: a fallback and its reason, or not a version question. */
export function judgeDiscoverAnswer(http: HttpExchange | undefined): EraVerdict {
  // No status: nothing answered (refused, timed out, blocked by CORS). Never a fallback.
  if (!http || http.status === undefined) return { kind: 'not-a-version-question' };
  const answered = describeAnswer({ ...http, status: http.status });
  const { status } = answered;
  if (status === 400) {
    return {
      kind: 'fall-back',
      answered,
      reason: `The server answered HTTP 400${quoteError(answered)}: it took server/discover for a request outside a session, as a 2025-11-25 server does before initialize.`,
    };
  }
  if (status === 404 || status === 405) {
    return {
      kind: 'fall-back',
      answered,
      reason: `The server answered HTTP ${status}${quoteError(answered)}: it has no 2026-07-28 endpoint here, as a 2025-11-25 server may answer a request it does not expect.`,
    };
  }
  if (status !== undefined && status >= 200 && status < 300) return judgeAnswer(answered);
  return { kind: 'not-a-version-question' };
}

/**
 * Reads a stdio program's answer to server/discover: the message it wrote, or none when it
 * closed the connection instead (as servers of some SDKs do with any request before
 * initialize). A program that could not start is no version question.
 */
export function judgeStdioDiscoverAnswer({ message, closed }: { message: unknown; closed: boolean }): EraVerdict {
  if (message === undefined) {
    if (!closed) return { kind: 'not-a-version-question' };
    return {
      kind: 'fall-back',
      answered: { closed: true },
      reason:
        'The program closed the connection when it read server/discover, without an answer, as a 2025-11-25 server of some SDKs does with any request before initialize.',
    };
  }
  const said = describeMessage(message);
  return said ? judgeAnswer(said) : { kind: 'not-a-version-question' };
}
