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

/**
 * Random bytes are drawn in batches: one getRandomValues call costs about as much for 16
 * bytes as for a kilobyte (Node validates and crosses into C++ per call), and the host
 * makes a span id for every MCP request. The bytes are the same CSPRNG's, each used once.
 */
const RANDOM_BATCH_BYTES = 1024;
let randomBatch = new Uint8Array(0);
let randomOffset = 0;

function takeRandomBytes(bytes: number): Uint8Array {
  if (randomOffset + bytes > randomBatch.length) {
    randomBatch = globalThis.crypto.getRandomValues(new Uint8Array(RANDOM_BATCH_BYTES));
    randomOffset = 0;
  }
  const taken = randomBatch.subarray(randomOffset, randomOffset + bytes);
  randomOffset += bytes;
  return taken;
}

const HEX_BYTES = Array.from({ length: 256 }, (_, value) => value.toString(16).padStart(2, '0'));

/** Lowercase hex of `bytes` random bytes, never all zero (the spec makes an all-zero id invalid). */
export function createRandomTraceHex(bytes: 8 | 16): string {
  for (;;) {
    const values = takeRandomBytes(bytes);
    if (!values.some((value) => value !== 0)) continue;
    let hex = '';
    for (const value of values) hex += HEX_BYTES[value];
    return hex;
  }
}
