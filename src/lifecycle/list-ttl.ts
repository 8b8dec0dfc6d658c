import { describeListCacheWords } from '../content/index.ts';
import type { ToolSet } from '../providers/index.ts';
import { judgeListFreshness, readListCacheHints } from '../trace/index.ts';
import type { Step } from '../trace/index.ts';
import { listAndTranslateTools, type DiscoveryContext } from './discovery.ts';
import type { McpConnection } from './mcp-connection.ts';
import type { RunSlice } from './run-context.ts';

/** What honouring a list's ttl needs: the trace and its writer, the host's steps, the step of the latest list, and discovery to list again. */
export type ListTtlContext = DiscoveryContext & RunSlice<'trace' | 'writer' | 'hostStep', never, 'toolsListedAt'>;

/**
 * 2026-07-28 list results say how long they stay fresh (ttlMs) and who may keep them
 * (cacheScope). Before each further model request with no list_changed since, the host
 * looks at the list it holds: still under its ttlMs, it says so and asks the model with
 * it; past it, it lists the tools again, in the open. 2025-11-25 lists carry no ttl: the
 * host keeps them until the server says they changed. Undefined when the host keeps its list.
 */
export async function honourListTtl(context: ListTtlContext, connection: McpConnection): Promise<ToolSet | undefined> {
  if (connection.era !== '2026-07-28') return undefined;
  const listed = context.trace.steps.find((step) => step.n === context.state.toolsListedAt && step.id === 'mcp.tools-list.response');
  const hints = listed && readListCacheHints(listed.payload);
  if (!listed || !hints) return undefined;
  // The moment decided on is the moment recorded: the step's words read the same age from the trace.
  const at = context.writer.readElapsedMs();
  const { ageMs, fresh } = judgeListFreshness({ listedAt: listed.at, at, ttlMs: hints.ttlMs });
  const facts = { listedAtStep: listed.n, ageMs, ttlMs: hints.ttlMs ?? null, cacheScope: hints.cacheScope ?? null };
  if (fresh) {
    const step = context.writer.append(
      'host.tools-list-fresh',
      { payload: { ...facts, action: 'ask the model with the tools the host has; no tools/list this round' } },
      at,
    );
    describeInTitle(context, step);
    return undefined;
  }
  const step = await context.hostStep('host.tools-list-stale', {
    payload: { ...facts, action: 'tools/list again, then translation #1 again, before the next model request' },
  });
  describeInTitle(context, step);
  return listAndTranslateTools(context, connection);
}

/** The step's title and note say its facts (the CLI prints both): the list's age against its ttlMs, and what its cacheScope means here. */
function describeInTitle(context: Pick<ListTtlContext, 'trace' | 'writer'>, step: Step): void {
  const words = describeListCacheWords(context.trace.steps, step.n - 1);
  if (words) context.writer.update(step, { title: words.title.text, note: words.scope.text });
}
