import { describe, expect, it } from 'vitest';
import { deriveSpanId, deriveTraceId } from './derive-otlp-ids.ts';

describe('OTLP ids', () => {
  it('are hex of the right length, stable for a seed, different across seeds', () => {
    const traceId = deriveTraceId('run a');
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(deriveTraceId('run a')).toBe(traceId);
    expect(deriveTraceId('run b')).not.toBe(traceId);
    const spans = Array.from({ length: 1000 }, (_, index) => deriveSpanId({ traceId, name: `exchange:${index}` }));
    expect(spans.every((id) => /^[0-9a-f]{16}$/.test(id) && !/^0+$/.test(id))).toBe(true);
    expect(new Set(spans).size).toBe(spans.length);
  });
});
