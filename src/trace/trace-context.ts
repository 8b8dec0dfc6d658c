/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/) as the host propagates it in
 * `params._meta.traceparent` of its MCP messages, and as the OTLP export reads it back:
 * the same ids on the wire and in the export, so a server that traces joins the run's trace.
 */

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

/** Flags 01: sampled. The host records every message, so a tracing server should keep its spans too. */
const SAMPLED = '01';

export type TraceContext = { traceId: string; spanId: string };

/** A W3C traceparent header value, if it is one, with ids that are not all zero. */
export function parseTraceparent(value: unknown): TraceContext | undefined {
  if (typeof value !== 'string') return undefined;
  const match = TRACEPARENT.exec(value);
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return undefined;
  return { traceId: match[1]!, spanId: match[2]! };
}

export function formatTraceparent({ traceId, spanId }: TraceContext): string {
  return `00-${traceId}-${spanId}-${SAMPLED}`;
}

/** Lowercase hex of `bytes` random bytes, never all zero (the spec makes an all-zero id invalid). */
export function createRandomTraceHex(bytes: 8 | 16): string {
  const values = new Uint8Array(bytes);
  for (;;) {
    globalThis.crypto.getRandomValues(values);
    if (values.some((value) => value !== 0)) return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
  }
}
