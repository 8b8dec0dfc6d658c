import type { FetchLike } from '@modelcontextprotocol/client';
import { describeWait, readRetryAfterMs, waitUntil } from './retry-after.ts';

/**
 * An MCP server that answers 429 with Retry-After is waited for, in the open, and asked
 * again: the same rule as for a provider's 429 (retry-after.ts), but done by the host on
 * its own, since the SDK client would only throw the bare status. The wait is bounded
 * (a learner sits through a minute, not an hour) and so are the tries: a server that
 * keeps refusing, or asks for longer, ends the run with a fault that says so.
 */

/** The longest Retry-After the host waits for an MCP server; a longer one is a fault at once. */
export const MCP_RETRY_AFTER_MAX_MS = 60_000;
/** How many times the host sends a refused MCP request again before it gives up. */
export const MCP_RATE_LIMIT_RETRIES = 2;

export type RateLimitWait = {
  /** The wait the server asked for, in milliseconds. */
  waitMs: number;
  /** 1 for the first wait of this request, 2 for the second. */
  attempt: number;
  /** When the host sends again (a Date.now() time). */
  until: number;
};

export type RateLimitGiveUp = {
  /** The wait the last 429 asked for, when it said one. */
  waitMs: number | undefined;
  /** How many times the request was sent in all. */
  sent: number;
  /** Why the host does not wait again. */
  reason: 'no-retry-after' | 'too-long' | 'retries-spent';
};

/**
 * A fetch that waits out each 429 with a readable Retry-After (at most `maxWaitMs`) and
 * sends the same request again, up to `retries` times. `onWait` is told of each wait before
 * it starts and `onTick` each second of it (a countdown); `onGiveUp` is told before the SDK
 * reads a 429 that is handed on. `signal` (the run's) and the request's own signal end a wait.
 */
export function retryRateLimited({
  fetch,
  signal,
  onWait,
  onTick,
  onGiveUp,
  retries = MCP_RATE_LIMIT_RETRIES,
  maxWaitMs = MCP_RETRY_AFTER_MAX_MS,
}: {
  fetch: FetchLike;
  signal: AbortSignal;
  onWait: (wait: RateLimitWait) => void;
  onTick: (wait: RateLimitWait, leftMs: number) => void;
  onGiveUp: (giveUp: RateLimitGiveUp) => void;
  retries?: number;
  maxWaitMs?: number;
}): FetchLike {
  return async (url, init) => {
    for (let sent = 1; ; sent++) {
      const response = await fetch(url, init);
      if (response.status !== 429) return response;
      const waitMs = readRetryAfterMs({ value: response.headers.get('retry-after'), now: Date.now() });
      const reason = waitMs === undefined ? 'no-retry-after' : waitMs > maxWaitMs ? 'too-long' : sent > retries ? 'retries-spent' : undefined;
      if (reason || waitMs === undefined) {
        onGiveUp({ waitMs, sent, reason: reason ?? 'no-retry-after' });
        return response;
      }
      await response.body?.cancel().catch(() => {});
      const wait = { waitMs, attempt: sent, until: Date.now() + waitMs };
      onWait(wait);
      const waitSignal = init?.signal ? AbortSignal.any([signal, init.signal]) : signal;
      await countDown({ wait, signal: waitSignal, onTick });
    }
  };
}

/** Waits until `wait.until`, telling `onTick` the time left each second; rejects when the signal aborts. */
async function countDown({ wait, signal, onTick }: { wait: RateLimitWait; signal: AbortSignal; onTick: (wait: RateLimitWait, leftMs: number) => void }): Promise<void> {
  let reported = wait.waitMs;
  for (let left = wait.until - Date.now(); left > 0; left = wait.until - Date.now()) {
    await waitUntil({ deadline: Date.now() + Math.min(1000, left), signal });
    reported = Math.max(0, wait.until - Date.now());
    onTick(wait, reported);
  }
  signal.throwIfAborted();
  // A timer may fire a millisecond early and the tick itself take longer than that: the loop then ends on a tick
  // that said "1 s left", and the wait's step would keep saying so. The last word is always that it is over.
  if (reported > 0) onTick(wait, 0);
}

/** The title of the wait step as it counts down. */
export function describeRateLimitWait({ wait, leftMs, during }: { wait: RateLimitWait; leftMs: number; during: string }): string {
  const again = wait.attempt === 1 ? 'sends it again' : `sends it again (try ${wait.attempt + 1})`;
  if (leftMs <= 0) return `Host waited ${describeWait(wait.waitMs)} as the server asked (Retry-After) and ${again.replace('sends', 'sent')}`;
  return `Server said 429 ${during}: the host waits ${describeWait(wait.waitMs)} (Retry-After), then ${again}: ${describeWait(leftMs)} left`;
}
