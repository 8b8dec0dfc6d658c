import type { RegisteredTool } from '../../server/mcp/tool-registry.ts';
import { createCountSlowly } from '../../server/mcp/tools/count-slowly.ts';

/** What one run of the tool did: the counts it reached, and whether it finished or saw its call cancelled. */
export type CountJournal = { counts: number[]; ended?: 'finished' | 'cancelled' };

/**
 * The real count_slowly, with its handler watched: each run writes to the journal
 * `startJournal` gives it, so a test can tell a tool that stopped from one that counted on.
 */
export function observeCountSlowly({ intervalMs, startJournal }: { intervalMs: number; startJournal: () => CountJournal }): RegisteredTool {
  const counting = createCountSlowly({ intervalMs });
  return {
    ...counting,
    handler: async (input, context) => {
      const journal = startJournal();
      try {
        const counted = await counting.handler(input, {
          ...context,
          reportProgress: async (update) => {
            journal.counts.push(update.progress);
            await context.reportProgress(update);
          },
        });
        journal.ended = 'finished';
        return counted;
      } catch (error) {
        journal.ended = context.signal.aborted ? 'cancelled' : 'finished';
        throw error;
      }
    },
  };
}
