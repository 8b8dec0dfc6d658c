const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = (1n << 64n) - 1n;
const encoder = new TextEncoder();

/** FNV-1a, 64 bits, over the text's UTF-8 bytes, then mixed: stable everywhere, no crypto API needed. */
function hash64(text: string): bigint {
  let hash = FNV_OFFSET;
  for (const byte of encoder.encode(text)) hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK_64;
  // FNV alone leaves texts that differ in one late character with ids that look alike; the SplitMix64 finalizer spreads them.
  hash = ((hash ^ (hash >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK_64;
  hash = ((hash ^ (hash >> 27n)) * 0x94d049bb133111ebn) & MASK_64;
  return hash ^ (hash >> 31n);
}

/** 16 hex digits, never all zero (OpenTelemetry treats an all-zero id as invalid). */
function hex64(text: string): string {
  const hash = hash64(text);
  return (hash === 0n ? 1n : hash).toString(16).padStart(16, '0');
}

/**
 * Ids derived from the run itself, so exporting the same trace twice gives the same file
 * and a collector that receives it twice sees one trace, not two.
 */
export function deriveTraceId(seed: string): string {
  return `${hex64(`trace:a:${seed}`)}${hex64(`trace:b:${seed}`)}`;
}

export function deriveSpanId({ traceId, name }: { traceId: string; name: string }): string {
  return hex64(`span:${traceId}:${name}`);
}
