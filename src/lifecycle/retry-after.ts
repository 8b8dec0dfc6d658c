/**
 * Retry-After, as a 429 (or 503) carries it: a number of seconds, or an HTTP date. A host
 * that sends again sooner only earns another refusal, and may be cut off for longer.
 */

/** The wait the header asks for, in milliseconds from `now`; undefined when there is none or it cannot be read. */
export function readRetryAfterMs({ value, now }: { value: string | null | undefined; now: number }): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day and month ("Wed, 21 Oct 2015 07:28:00 GMT"); Date.parse alone reads "-5" as a year.
  const date = /[a-z]{3}/i.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** One wait for a 429's Retry-After, from a provider or an MCP server. */
export type RateLimitWait = {
  /** The wait the other side asked for, in milliseconds. */
  waitMs: number;
  /** 1 for the first wait of this request, 2 for the second. */
  attempt: number;
  /** When the host sends again (a Date.now() time). */
  until: number;
};

/** "30 s", "2 min 5 s": how long, as a learner reads it. */
export function describeWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
}

/** Resolves at `deadline` (a Date.now() time), or rejects when the signal aborts first. */
export function waitUntil({ deadline, signal }: { deadline: number; signal: AbortSignal }): Promise<void> {
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, remaining);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Waits until `wait.until`, telling `onTick` the time left each second; rejects when the signal aborts. */
export async function countDown({
  wait,
  signal,
  onTick,
}: {
  wait: RateLimitWait;
  signal: AbortSignal;
  onTick: (wait: RateLimitWait, leftMs: number) => void;
}): Promise<void> {
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
