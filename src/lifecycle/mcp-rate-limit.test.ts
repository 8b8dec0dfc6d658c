import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryRateLimited } from './mcp-rate-limit.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('retryRateLimited', () => {
  it('ends each wait on a tick that says it is over, even when a tick takes longer than the time it reported left', async () => {
    vi.useFakeTimers();
    const answers = [new Response(null, { status: 429, headers: { 'retry-after': '2' } }), new Response('{}', { status: 200 })];
    const ticks: number[] = [];
    const fetch = retryRateLimited({
      fetch: () => Promise.resolve(answers.shift()!),
      signal: new AbortController().signal,
      onWait: () => {},
      onTick: (_wait, leftMs) => {
        ticks.push(leftMs);
        // As on a loaded machine: the timer fired a little early, and updating the step took longer than the time left.
        if (leftMs > 0) vi.setSystemTime(Date.now() + leftMs + 5);
      },
      onGiveUp: () => {},
    });
    const answered = fetch('http://127.0.0.1/mcp', {});
    await vi.runAllTimersAsync();
    expect((await answered).status).toBe(200);
    expect(ticks.at(-1)).toBe(0);
    expect(ticks.filter((left) => left === 0)).toHaveLength(1);
  });
});
