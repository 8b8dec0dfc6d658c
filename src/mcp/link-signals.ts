/**
 * One signal that aborts when any of the given ones does, with that one's reason, like
 * AbortSignal.any; `unlink` lets go of the sources once the work is over. Node's
 * AbortSignal.any cost more per call than the rest of a recorded exchange's setup (it
 * keeps weak references in every source for as long as they live, and a run signal lives
 * the whole run): a listener per source, removed at the end, does the same job.
 */
export function linkSignals(controller: Pick<AbortController, 'abort'>, signals: readonly (AbortSignal | null | undefined)[]): () => void {
  const unlinks: (() => void)[] = [];
  for (const signal of signals) {
    if (!signal) continue;
    if (signal.aborted) {
      controller.abort(signal.reason);
      continue;
    }
    const forward = () => controller.abort(signal.reason);
    signal.addEventListener('abort', forward, { once: true });
    unlinks.push(() => signal.removeEventListener('abort', forward));
  }
  return () => unlinks.forEach((unlink) => unlink());
}
