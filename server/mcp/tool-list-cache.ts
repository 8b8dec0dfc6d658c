import type { CacheHint } from '@modelcontextprotocol/server';

/**
 * What each built-in endpoint's 2026-07-28 tools/list says of its own freshness (ttlMs) and
 * who may keep it (cacheScope), as fits how its tools change. The SDK's default, ttlMs 0
 * and private, says "ask again every time", which none of them means. 2025-11-25 answers
 * carry neither (the SDK adds them only to 2026-07-28 results).
 */

/** Tools that never change while the server runs (/mcp, /mcp/sessions, /mcp/apps): the same for everyone, fresh for an hour. */
export const FIXED_TOOLS_CACHE: CacheHint = { ttlMs: 3_600_000, cacheScope: 'public' };

/**
 * /mcp/protected: the same fixed tools, but listed only to a client with a token, so no
 * cache may hand the list to another user (private).
 */
export const PROTECTED_TOOLS_CACHE: CacheHint = { ttlMs: 3_600_000, cacheScope: 'private' };

/**
 * /mcp/toolbox: a run's own call can unlock a tool, so the list is that run's (private), and
 * changes. The server says so on the run's subscriptions/listen stream; five minutes bounds
 * how long a client that does not listen keeps a list that has changed.
 */
export const TOOLBOX_TOOLS_CACHE: CacheHint = { ttlMs: 300_000, cacheScope: 'private' };

/**
 * The stale-list what-if (`/mcp?list-ttl=0`): the same tools, said to be stale at once, so
 * the host lists them again before every later model request.
 */
export const STALE_AT_ONCE_CACHE: CacheHint = { ttlMs: 0, cacheScope: 'public' };

export const LIST_TTL_PARAMETER = 'list-ttl';

/** Whether a request to /mcp asks for the stale-list what-if (`?list-ttl=0`). */
export function asksStaleList(request: Request): boolean {
  return new URL(request.url).searchParams.get(LIST_TTL_PARAMETER) === '0';
}
