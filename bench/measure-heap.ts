import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Heap in use after forced garbage collection: what a leak would make grow. */

export type HeapSample = { heapUsedBytes: number; rssBytes: number };

/**
 * The gc function, whether or not node was started with --expose-gc: the flag can be
 * set at run time, and a fresh context then sees gc on its global object.
 */
function findGc(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const waitForTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Several full collections with turns between them, so finalizers and weak references settle first. */
export async function measureHeapAfterGc(): Promise<HeapSample> {
  const gc = findGc();
  for (let round = 0; round < 4; round++) {
    gc();
    await waitForTurn();
  }
  const usage = process.memoryUsage();
  return { heapUsedBytes: usage.heapUsed, rssBytes: usage.rss };
}
