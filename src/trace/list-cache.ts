import { z } from 'zod';

/**
 * 2026-07-28's caching hints on a list result (SEP-2549): ttlMs, how long the client may
 * take the list as fresh, and cacheScope, who may keep it (private: only for the one who
 * asked; public: any cache, one shared by many users too). The host reads them from the
 * recorded answer, and its words from the same reading, so both follow what the server sent.
 */
export type CacheScope = 'public' | 'private';

export type ListCacheHints = {
  /** Absent (or not a whole number of ms, 0 or more) when the answer did not say it validly. */
  ttlMs: number | undefined;
  cacheScope: CacheScope | undefined;
};

// A field that is not valid is read as absent, field by field, as the SDK reads it.
const ListAnswerSchema = z.object({
  result: z.object({
    ttlMs: z.number().int().min(0).optional().catch(undefined),
    cacheScope: z.enum(['public', 'private']).optional().catch(undefined),
  }),
});

/** The hints of a recorded JSON-RPC answer to a list request; undefined when it is no result. */
export function readListCacheHints(payload: unknown): ListCacheHints | undefined {
  const parsed = ListAnswerSchema.safeParse(payload);
  if (!parsed.success) return undefined;
  return { ttlMs: parsed.data.result.ttlMs, cacheScope: parsed.data.result.cacheScope };
}

export type ListFreshness = { ageMs: number; ttlMs: number; fresh: boolean };

/**
 * Whether a list received at listedAt is still fresh at the moment at (both ms since the
 * run started): fresh while its age is under ttlMs. An absent ttlMs counts as 0, stale at
 * once, as the spec says a client should assume.
 */
export function judgeListFreshness({ listedAt, at, ttlMs }: { listedAt: number; at: number; ttlMs: number | undefined }): ListFreshness {
  const ageMs = Math.max(0, at - listedAt);
  const ttl = ttlMs ?? 0;
  return { ageMs, ttlMs: ttl, fresh: ageMs < ttl };
}
