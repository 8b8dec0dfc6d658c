import { describe, expect, it } from 'vitest';
import { createRandomTraceHex, formatTraceparent, parseTraceparent } from './trace-context.ts';

describe('W3C trace context', () => {
  it('read a W3C traceparent, and refuse one that is malformed or all zero', () => {
    expect(parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toEqual({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
    });
    expect(parseTraceparent('00-00000000000000000000000000000000-00f067aa0ba902b7-01')).toBeUndefined();
    expect(parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01')).toBeUndefined();
    expect(parseTraceparent('00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01')).toBeUndefined();
    expect(parseTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\n')).toBeUndefined();
    expect(parseTraceparent(42)).toBeUndefined();
  });

  it('writes a traceparent that reads back, with fresh ids of the right length', () => {
    const traceIds = Array.from({ length: 200 }, () => createRandomTraceHex(16));
    const spanIds = Array.from({ length: 200 }, () => createRandomTraceHex(8));
    expect(traceIds.every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true);
    expect(spanIds.every((id) => /^[0-9a-f]{16}$/.test(id))).toBe(true);
    expect(new Set(spanIds).size).toBe(spanIds.length);
    const value = formatTraceparent({ traceId: traceIds[0]!, spanId: spanIds[0]! });
    expect(value).toBe(`00-${traceIds[0]}-${spanIds[0]}-01`);
    expect(parseTraceparent(value)).toEqual({ traceId: traceIds[0], spanId: spanIds[0] });
  });
});
