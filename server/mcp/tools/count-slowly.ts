import { z } from 'zod';
import { defineTool, type RegisteredTool } from '../tool-registry.ts';

/**
 * A slow tool that reports its own progress, one notification per count, and stops
 * when the client cancels. Its notifications carry no stage marker: they are the
 * tool's own words, not the server's steps.
 */

export function createCountSlowly({ intervalMs }: { intervalMs: number }): RegisteredTool {
  return defineTool({
    name: 'count_slowly',
    description: 'Counts from 1 up to a number, slowly, reporting each count as progress',
    input: z.strictObject({
      to: z.number().int().min(1).max(10).describe('The number to count to, 1 to 10'),
    }),
    progressSteps: ({ to }) => to,
    handler: async ({ to }, { signal, reportProgress }) => {
      for (let count = 1; count <= to; count += 1) {
        await waitUnlessCancelled(intervalMs, signal, `Cancelled after counting ${count - 1} of ${to}`);
        await reportProgress({ progress: count, total: to, message: `Counted ${count} of ${to}` });
      }
      return to;
    },
    present: (to) => ({ content: [{ type: 'text', text: `Counted to ${to}` }] }),
  });
}

/** About 0.4 s per count: slow enough to watch, and to cancel, without stalling a test run. */
export const countSlowly = createCountSlowly({ intervalMs: 400 });

function waitUnlessCancelled(milliseconds: number, signal: AbortSignal, cancelledMessage: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new Error(cancelledMessage));
      return;
    }
    const stop = () => {
      clearTimeout(timer);
      reject(new Error(cancelledMessage));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, milliseconds);
    signal.addEventListener('abort', stop, { once: true });
  });
}
