import { describe, expect, it } from 'vitest';
import { describeWait, readRetryAfterMs } from './retry-after.ts';

describe('readRetryAfterMs', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it('reads seconds', () => {
    expect(readRetryAfterMs({ value: '30', now })).toBe(30_000);
    expect(readRetryAfterMs({ value: ' 0 ', now })).toBe(0);
  });
  it('reads an HTTP date as the time left until it', () => {
    expect(readRetryAfterMs({ value: 'Thu, 01 Jan 2026 12:01:30 GMT', now })).toBe(90_000);
    expect(readRetryAfterMs({ value: 'Thu, 01 Jan 2026 11:00:00 GMT', now })).toBe(0);
  });
  it('gives nothing for a missing or unreadable header', () => {
    expect(readRetryAfterMs({ value: null, now })).toBeUndefined();
    expect(readRetryAfterMs({ value: 'soon', now })).toBeUndefined();
    expect(readRetryAfterMs({ value: '-5', now })).toBeUndefined();
  });
});

describe('describeWait', () => {
  it('says seconds, then minutes', () => {
    expect(describeWait(1_200)).toBe('2 s');
    expect(describeWait(90_000)).toBe('90 s');
    expect(describeWait(120_000)).toBe('2 min');
    expect(describeWait(125_000)).toBe('2 min 5 s');
  });
});
