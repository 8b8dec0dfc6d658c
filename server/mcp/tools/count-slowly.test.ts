import { describe, expect, it } from 'vitest';
import type { ProgressUpdate } from '../tool-registry.ts';
import { countSlowly, createCountSlowly } from './count-slowly.ts';

describe('count_slowly', () => {
  it('refuses counts outside 1..10 and fractions', () => {
    expect(countSlowly.input.safeParse({ to: 0 }).success).toBe(false);
    expect(countSlowly.input.safeParse({ to: 11 }).success).toBe(false);
    expect(countSlowly.input.safeParse({ to: 2.5 }).success).toBe(false);
    expect(countSlowly.input.safeParse({ to: 10 }).success).toBe(true);
  });

  it('reports each count, in order, then returns "Counted to 3"', async () => {
    const tool = createCountSlowly({ intervalMs: 5 });
    const updates: ProgressUpdate[] = [];
    const counted = await tool.handler({ to: 3 }, { signal: new AbortController().signal, reportProgress: async (update) => void updates.push(update) });
    expect(updates).toEqual([
      { progress: 1, total: 3, message: 'Counted 1 of 3' },
      { progress: 2, total: 3, message: 'Counted 2 of 3' },
      { progress: 3, total: 3, message: 'Counted 3 of 3' },
    ]);
    expect(tool.progressSteps?.({ to: 3 })).toBe(updates.length); // the server announces the call's total from it
    expect(tool.present(counted, { to: 3 })).toEqual({ content: [{ type: 'text', text: 'Counted to 3' }] });
  });

  it('stops counting when cancelled', async () => {
    const tool = createCountSlowly({ intervalMs: 20 });
    const controller = new AbortController();
    const updates: ProgressUpdate[] = [];
    const counting = tool.handler(
      { to: 10 },
      {
        signal: controller.signal,
        reportProgress: async (update) => {
          updates.push(update);
          if (update.progress === 2) controller.abort();
        },
      },
    );
    await expect(counting).rejects.toThrow('Cancelled after counting 2 of 10');
    expect(updates).toHaveLength(2);
  });
});
