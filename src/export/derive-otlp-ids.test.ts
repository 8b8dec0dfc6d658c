import { describe, expect, it } from 'vitest';
import { deriveSpanId, deriveTraceId, parseTraceparent } from './derive-otlp-ids.ts';

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

  it('read a W3C traceparent, and refuse one that is malformed or all zero', () => {
    expect(parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toEqual({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' });
    expect(parseTraceparent('00-00000000000000000000000000000000-00f067aa0ba902b7-01')).toBeUndefined();
    expect(parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01')).toBeUndefined();
    expect(parseTraceparent('00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01')).toBeUndefined();
    expect(parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\n')).toBeUndefined();
    expect(parseTraceparent(42)).toBeUndefined();
  });
});
