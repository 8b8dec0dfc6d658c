import type { FetchLike } from '@modelcontextprotocol/client';
import { countDown, describeWait, readRetryAfterMs, type RateLimitWait } from './retry-after.ts';
import { RATE_LIMIT_RETRIES, RETRY_AFTER_MAX_MS } from './timeouts.ts';

/**
 * An MCP server that answers 429 with Retry-After is waited for, in the open, and asked
 * again: the same rule as for a provider's 429 (provider-rate-limit.ts), but done under the
 * SDK client's fetch, since the client would only throw the bare status. The wait is
 * bounded (timeouts.ts: a learner sits through a minute, not an hour) and so are the tries:
 * a server that keeps refusing, or asks for longer, ends the run with a fault that says so.
 */

export type { RateLimitWait };

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
  retries = RATE_LIMIT_RETRIES,
  maxWaitMs = RETRY_AFTER_MAX_MS,
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

/** The title of the wait step as it counts down. */
export function describeRateLimitWait({ wait, leftMs, during }: { wait: RateLimitWait; leftMs: number; during: string }): string {
  const again = wait.attempt === 1 ? 'sends it again' : `sends it again (try ${wait.attempt + 1})`;
  if (leftMs <= 0) return `Host waited ${describeWait(wait.waitMs)} as the server asked (Retry-After) and ${again.replace('sends', 'sent')}`;
  return `Server said 429 ${during}: the host waits ${describeWait(wait.waitMs)} (Retry-After), then ${again}: ${describeWait(leftMs)} left`;
}
