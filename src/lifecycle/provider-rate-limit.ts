import type { Fault, Phase, Step } from '../trace/index.ts';
import { countDown, describeWait, type RateLimitWait } from './retry-after.ts';
import { RATE_LIMIT_RETRIES, RETRY_AFTER_MAX_MS } from './timeouts.ts';
import type { TraceWriter } from './trace-writer.ts';

/**
 * A provider that answers 429 with Retry-After is waited for, in the open, and asked
 * again: a step counts the wait down, then the same request goes out once more. The wait
 * and the tries are bounded as for an MCP server (timeouts.ts): at most a minute each, at
 * most twice in a row. A 429 that names no wait, asks for longer, or comes a third time
 * ends the attempt with a fault that says which, in words for where it is read: the page
 * offers Next and Reset, the CLI has neither and is run again.
 */

export type ProviderRateLimitGiveUp = 'no-retry-after' | 'too-long' | 'retries-spent';

/** Whether to wait out this 429 (`waitMs` is what its Retry-After asked), given how many waits came just before it. */
export function decideProviderRateLimit({
  waitMs,
  waitsSoFar,
}: {
  waitMs: number | undefined;
  waitsSoFar: number;
}): { wait: number } | { giveUp: ProviderRateLimitGiveUp } {
  if (waitMs === undefined) return { giveUp: 'no-retry-after' };
  if (waitMs > RETRY_AFTER_MAX_MS) return { giveUp: 'too-long' };
  if (waitsSoFar >= RATE_LIMIT_RETRIES) return { giveUp: 'retries-spent' };
  return { wait: waitMs };
}

/** The wait step's title as it counts down, and once it is over: the same words in the page and the CLI. */
export function describeProviderRateLimitWait({ wait, leftMs }: { wait: RateLimitWait; leftMs: number }): string {
  const again = wait.attempt === 1 ? 'the same request again' : `the same request again (try ${wait.attempt + 1})`;
  if (leftMs <= 0) return `Host waited ${describeWait(wait.waitMs)} as the provider asked (Retry-After) and sends ${again}`;
  return `Provider said 429 (too many requests): the host waits ${describeWait(wait.waitMs)} as it asked (Retry-After), then sends ${again}: ${describeWait(leftMs)} left`;
}

/** Waits out one 429 on a step of its own that counts down each second; rejects when the run is reset meanwhile. */
export async function waitOutProviderRateLimit({
  writer,
  signal,
  phase,
  waitMs,
  attempt,
}: {
  writer: TraceWriter;
  signal: AbortSignal;
  phase: Phase;
  waitMs: number;
  attempt: number;
}): Promise<void> {
  const wait: RateLimitWait = { waitMs, attempt, until: Date.now() + waitMs };
  const step: Step = writer.append('host.provider-rate-limit-wait', {
    payload: { status: 429, retryAfterMs: waitMs, attempt, sendsAgainAt: new Date(wait.until).toISOString() },
    phase,
    title: describeProviderRateLimitWait({ wait, leftMs: waitMs }),
  });
  await countDown({ wait, signal, onTick: (_wait, leftMs) => writer.update(step, { title: describeProviderRateLimitWait({ wait, leftMs }) }) });
}

/**
 * The fault when the host does not wait (again): the provider's own words and wait as the
 * first fault said them, how often it was sent, why the host stops, and what to do there.
 * `stepping`: a learner in the page, who may send the request again with Next.
 */
export function explainProviderRateLimitGiveUp({
  fault,
  waitMs,
  sent,
  reason,
  stepping,
}: {
  fault: Fault;
  waitMs: number | undefined;
  sent: number;
  reason: ProviderRateLimitGiveUp;
  stepping: boolean;
}): Fault {
  const tries = sent > 1 ? ` The host waited as asked and sent the request ${sent} times; each was refused.` : '';
  const asked = waitMs === undefined ? '' : describeWait(waitMs);
  const why = {
    'no-retry-after': 'It did not say how long to wait (no readable Retry-After), so the host does not guess.',
    'too-long': `${asked} is longer than the ${describeWait(RETRY_AFTER_MAX_MS)} the host waits for a provider, so it does not wait.`,
    'retries-spent': `The host sends a refused request again by itself at most ${RATE_LIMIT_RETRIES} times in a row.`,
  }[reason];
  const fix = stepping
    ? {
        'no-retry-after': 'Wait a moment, then press Next to send the same request again; if it keeps happening, check your plan.',
        'too-long': `Press Reset and come back in ${asked}, or press Next to send the same request again now (it will likely be refused again).`,
        'retries-spent': `Press Next to send the same request again (the provider last asked for ${asked}), or check your plan.`,
      }[reason]
    : {
        'no-retry-after': 'Wait a moment and run the command again; if it keeps happening, check your plan.',
        'too-long': `Run the command again in ${asked}.`,
        'retries-spent': `Wait ${asked}, check your plan, then run the command again.`,
      }[reason];
  return { what: `${fault.what}${tries}`, why: `Too many requests, or the account has no quota left. ${why}`, fix, ...(stepping ? { retryable: true } : {}) };
}
