import { SANDBOX_HEADER, SANDBOX_HEADER_VALUE } from '../../src/trace/index.ts';
import { jsonResponse } from '../shared/index.ts';

/**
 * The answers every part of the sandbox shares: JSON that no cache keeps (RFC 6749 §5.1
 * asks it of token answers; the rest hold codes or challenges just as much), marked as the
 * sandbox's so a host knows its tokens may be shown.
 */

export const SANDBOX_HEADERS: Record<string, string> = {
  'cache-control': 'no-store',
  pragma: 'no-cache',
  [SANDBOX_HEADER]: SANDBOX_HEADER_VALUE,
};

export function sandboxJson(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return jsonResponse(status, body, { ...SANDBOX_HEADERS, ...headers });
}

/** An OAuth error answer (RFC 6749 §5.2): a code a program reads, and words a person reads. */
export function oauthError(status: number, error: string, description: string, headers: Record<string, string> = {}): Response {
  return sandboxJson(status, { error, error_description: description }, headers);
}

/** A quoted-string of an HTTP header parameter (RFC 9110 §5.6.4), kept to printable ASCII. */
export function quoteHeaderParameter(value: string): string {
  return `"${value.replace(/[^\x20-\x7e]/g, '?').replace(/["\\]/g, '\\$&')}"`;
}
