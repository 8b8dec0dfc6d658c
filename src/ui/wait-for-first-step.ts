import { useLinkOpening, useExplorerStore } from '../store/index.ts';
import { SHELL_STEP_ATTRIBUTE, STEP_TITLE_TIMING } from './shell/first-step-names.ts';

/**
 * How long after step 1's frame the wait gives up on hearing that the frame was presented
 * (a title out of the viewport is never timed). The heavy chunks then start anyway.
 */
const PRESENTATION_GRACE_MS = 250;

/** Resolves at the first of: the tab is hidden now or later (a hidden tab paints no frames), or `wait` resolves. */
function unlessHidden(wait: (resolve: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
    wait(resolve);
  });
}

/** The task after the next frame. Not a fixed time: a first render that shows step 1 can take longer than any such time on a slow machine. */
function afterNextFrame(resolve: () => void): void {
  requestAnimationFrame(() => setTimeout(resolve, 0));
}

function supportsElementTiming(): boolean {
  return typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes('element');
}

/**
 * Once the browser has presented the frame that shows the step's title, where it says so
 * (Element Timing, Chromium), else after that frame. The task after a frame comes before
 * the frame is on screen: its raster and draw run on other threads, and on a 2-core
 * machine the heavy chunks' parse, begun in that task, held step 1's presentation back
 * by 19 to 44 ms (medians of A/B loads of the static site).
 */
function afterStepPresented(resolve: () => void, graceMs = PRESENTATION_GRACE_MS): void {
  if (!supportsElementTiming()) return afterNextFrame(resolve);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    resolve();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => 'identifier' in entry && entry.identifier === STEP_TITLE_TIMING)) finish();
  });
  observer.observe({ type: 'element', buffered: true });
  afterNextFrame(() => setTimeout(finish, graceMs));
}

/**
 * How long past a frame React's first render waits to hear that the shell's step 1 was
 * presented: by the time the app's script has run, that frame is usually on screen and its
 * entry queued, so a title out of view holds the app back this long at most.
 */
const SHELL_STEP_GRACE_MS = 50;

/**
 * Once the step 1 that index.html's shell shows (Next pressed before the app's script had
 * run) has been presented, or at once when the shell shows none. React's first render
 * replaces the shell, and Chromium drops the Element Timing entry of an element removed
 * before the entry is delivered, which on 2 cores comes after this script has been
 * evaluated: the step would have been on screen since the first paint, and neither the
 * wait below nor the bench would hear of it.
 */
export function whenShellStepPresented(): Promise<void> {
  if (!document.querySelector(`[${SHELL_STEP_ATTRIBUTE}]`)) return Promise.resolve();
  return unlessHidden((resolve) => afterStepPresented(resolve, SHELL_STEP_GRACE_MS));
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
 * first step is on screen, if Next was pressed as the page appeared (step 1 is shown
 * before the engine exists), or else at the first idle moment, which a page nobody has
 * touched yet reaches at once. Their parsing and evaluation take the main thread for a
 * hundred milliseconds or more on a slow machine: begun the moment the page could be
 * used, they came between the first press of Next and its step.
 */
function waitForFirstStepOrIdle(idleTimeoutMs: number): Promise<void> {
  // A link's run shows no step until it reaches its own (useLinkOpening): there is no title to hear of, the next frame will do.
  const firstStep = new Promise<void>((resolve) => {
    if (useExplorerStore.getState().steps.length > 0) return resolve();
    const unsubscribe = useExplorerStore.subscribe((state) => {
      if (state.steps.length === 0) return;
      unsubscribe();
      resolve();
    });
  }).then(() => unlessHidden(useLinkOpening.getState().opening ? afterNextFrame : afterStepPresented));
  // An idle moment between step 1's frame and its presentation is no reason to start: with a step on show, its wait decides.
  const idle = unlessHidden(afterNextFrame)
    .then(() => waitForIdle(idleTimeoutMs))
    .then(() => (useExplorerStore.getState().steps.length > 0 ? firstStep : undefined));
  return Promise.race([firstStep, idle]);
}

let firstStepOrIdle: Promise<void> | null = null;

/** One wait for the whole page (waitForFirstStepOrIdle): the engine, the graph and the lesson tools all start after it. */
export function whenFirstStepOrIdle(): Promise<void> {
  firstStepOrIdle ??= waitForFirstStepOrIdle(300);
  return firstStepOrIdle;
}
