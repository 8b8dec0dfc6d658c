import { useExplorerStore } from '../store/explorer-store.ts';

/**
 * Resolves once the frame after this one has been painted, or at once in a hidden tab,
 * which paints no frames. Not after a fixed time: a first render that shows step 1 (Next
 * pressed on the page's shell) can take longer than any such time on a slow machine, and
 * the heavy chunks then ran, and their stylesheet was inserted, before that frame.
 */
function waitForPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
  });
}

/** The first idle moment, or after this long at most (setTimeout where the browser has no requestIdleCallback). */
function waitForIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });
}

/**
 * Resolves when the page may start on its heavy chunks (the engine with the MCP SDK and
 * zod, the graph with React Flow) without holding back what the learner asked for: once a
 * first step is on show and painted, if Next was pressed as the page appeared (step 1 is
 * shown before the engine exists), or else at the first idle moment, which a page nobody
 * has touched yet reaches at once. Their parsing and evaluation take the main thread for a
 * hundred milliseconds or more on a slow machine: begun the moment the page could be
 * used, they came between the first press of Next and its step.
 */
function waitForFirstStepOrIdle(idleTimeoutMs: number): Promise<void> {
  const firstStep = new Promise<void>((resolve) => {
    if (useExplorerStore.getState().steps.length > 0) return resolve();
    const unsubscribe = useExplorerStore.subscribe((state) => {
      if (state.steps.length === 0) return;
      unsubscribe();
      resolve();
    });
  }).then(waitForPaint);
  return Promise.race([firstStep, waitForPaint().then(() => waitForIdle(idleTimeoutMs))]);
}

let firstStepOrIdle: Promise<void> | null = null;

/** One wait for the whole page (waitForFirstStepOrIdle): the engine, the graph and the lesson tools all start after it. */
export function whenFirstStepOrIdle(): Promise<void> {
  firstStepOrIdle ??= waitForFirstStepOrIdle(300);
  return firstStepOrIdle;
}
