import { judgeListFreshness, readListCacheHints, type CacheScope } from '../trace/index.ts';
import type { Step } from '../trace/index.ts';
import { formatDuration } from './step-times.ts';
import { say, type Claim, type Sentence } from './word-claims.ts';

/**
 * The words of the host's look at its tool list before a later round (2026-07-28): still
 * fresh (host.tools-list-fresh) or past its ttlMs (host.tools-list-stale). Each is made from
 * the trace: the latest tools/list answer before the step (its ttlMs and cacheScope as
 * received), the list's age at the step, and whether a list_changed came in between.
 */
export type ListCacheWords = { title: Sentence; summary: Sentence; scope: Sentence };

const FRESH_STEP = 'host.tools-list-fresh';

/** A ttl as a learner reads it: "0 ms", "5 min", "1 h". */
function describeSpan(ms: number): string {
  if (ms < 60_000) return formatDuration(ms);
  if (ms < 3_600_000) return `${Number((ms / 60_000).toFixed(1))} min`;
  return `${Number((ms / 3_600_000).toFixed(1))} h`;
}

/** What cacheScope means for this host, said from the value the server sent. */
export function describeCacheScope(scope: CacheScope | undefined, step: number): Sentence {
  const claim: Claim = { kind: 'cache-scope', step, scope: scope ?? null };
  switch (scope) {
    case 'private':
      return say(
        'cacheScope private: the list may be kept only for whoever asked (this authorization), and a cache shared between users, such as a proxy, must not hand it to anyone else. This host is one learner’s, so it may keep the list for itself.',
        claim,
      );
    case 'public':
      return say(
        'cacheScope public: the list holds nothing of one user’s, so any cache may keep it, a proxy shared by many users too. For this host, one learner’s, public and private come to the same: it keeps the list for itself.',
        claim,
      );
    case undefined:
      return say('No cacheScope came with the list: the host takes it as private, the careful reading (kept for this learner alone, never shared).', claim);
    default: {
      const unknown: never = scope;
      return say(`cacheScope ${String(unknown)}`, claim);
    }
  }
}

export function describeListCacheWords(steps: readonly Step[], index: number): ListCacheWords | null {
  const step = steps[index];
  if (!step) return null;
  const listedIndex = steps.findLastIndex((candidate, at) => at < index && candidate.id === 'mcp.tools-list.response');
  const listed = steps[listedIndex];
  const hints = listed && readListCacheHints(listed.payload);
  if (!listed || !hints) return null;
  const { ageMs, ttlMs, fresh } = judgeListFreshness({ listedAt: listed.at, at: step.at, ttlMs: hints.ttlMs });
  const unchanged = !steps.slice(listedIndex + 1, index).some((candidate) => candidate.id === 'mcp.tools-list-changed.notification');
  const freshness: Claim = { kind: 'list-freshness', step: index, ttlMs, fresh };
  const changes: Claim = { kind: 'list-unchanged', step: index, unchanged };
  const kept = step.id === FRESH_STEP;
  const age = formatDuration(ageMs);
  const state = fresh ? `still fresh (${age} old, ttlMs ${ttlMs})` : `past its ttlMs (${age} old, ttlMs ${ttlMs})`;
  const action = kept ? 'the host does not list the tools again' : 'the host lists the tools again before it asks the model';
  const title = say(`The tool list is ${state}${unchanged ? ' and nothing said it changed' : ''}: ${action}`, freshness, changes);
  const said =
    hints.ttlMs === undefined
      ? 'said no ttlMs, which the spec says to take as 0 (stale at once)'
      : ttlMs === 0
        ? 'said ttlMs 0: stale at once'
        : `said its list stays fresh for ${describeSpan(ttlMs)} (ttlMs ${ttlMs})`;
  const since = unchanged ? 'no notifications/tools/list_changed came since' : 'a notifications/tools/list_changed came since';
  const then = kept
    ? fresh
      ? 'So the model is asked with the tools the host has: no tools/list this round.'
      : 'The host still asks the model with the tools it has.'
    : 'A list past its ttlMs is not trusted, so the host lists the tools again, and translates them again (translation #1), before it asks the model.';
  const summary = say(`tools/list answered at step ${listed.n}, ${age} before this step, and ${said}; ${since}. ${then}`, freshness, changes);
  return { title, summary, scope: describeCacheScope(hints.cacheScope, index) };
}
