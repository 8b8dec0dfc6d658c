import type { Era } from '../trace/index.ts';

/**
 * A task's ttl as the host keeps it: how long the server said it keeps the task (ttl in
 * 2025-11-25, ttlMs in 2026-07-28; null is no limit), counted from when the creation
 * reached the host, by the host's own clock (the server's createdAt is another clock's).
 * Past it the server may drop the task and its result, as both eras allow: a poll then
 * answers -32602, and the host says why instead of failing the run.
 */
export type TaskLifetime = { createdAt: number; ttlMs: number | null | undefined };

/** How long ago the ttl ran out; undefined while it lasts, or when the task has none. */
function readTtlOverrun(lifetime: TaskLifetime, now: number): number | undefined {
  if (lifetime.ttlMs === null || lifetime.ttlMs === undefined) return undefined;
  const overrun = now - (lifetime.createdAt + lifetime.ttlMs);
  return overrun >= 0 ? Math.round(overrun) : undefined;
}

function describeTtlField(era: Era, ttlMs: number | null | undefined): string {
  return `${era === '2025-11-25' ? 'ttl' : 'ttlMs'} ${String(ttlMs)}`;
}

/** The note on the host's step when the server answered a task's request with -32602: it no longer has the task. */
export function describeLostTask({
  era,
  lifetime,
  now,
  method,
  code,
}: {
  era: Era;
  lifetime: TaskLifetime;
  now: number;
  method: string;
  code: number;
}): string {
  const overrun = readTtlOverrun(lifetime, now);
  const ttl = describeTtlField(era, lifetime.ttlMs);
  const after = "The host stops following it; the model hears the server's error.";
  if (lifetime.ttlMs === null || lifetime.ttlMs === undefined)
    return `${method} answered ${code}: the server no longer knows the task, though it named no ttl for it. ${after}`;
  if (overrun !== undefined) {
    return `${method} answered ${code}: the task is gone. Its ttl (${ttl}) had run out ${overrun} ms before this answer came, counted from its creation by the host's clock, and the server may drop a task then, its result with it. ${after}`;
  }
  return `${method} answered ${code} while the task's ttl (${ttl}) still ran by the host's clock: the server no longer knows the task all the same. ${after}`;
}
