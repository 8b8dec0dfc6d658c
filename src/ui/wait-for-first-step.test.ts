// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Step } from '../trace/trace.ts';

/**
 * The heavy chunks wait for step 1's frame: a first render that shows step 1 (Next
 * pressed on the page's shell) can take longer than any fixed time, and the wait must not
 * give up on that frame while the tab is visible. A hidden tab paints no frames. Where the
 * browser says when it presented the step's title (Element Timing), the wait is for that.
 */

let frames: FrameRequestCallback[] = [];

function paintFrame(): void {
  const due = frames;
  frames = [];
  for (const callback of due) callback(performance.now());
}

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

beforeEach(() => {
  frames = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('requestIdleCallback', undefined);
  setVisibility('visible');
  vi.resetModules();
});

/** A PerformanceObserver that knows Element Timing; `presentTitle` delivers the entry the browser reports when the title is on screen. */
let elementObservers: { callback: PerformanceObserverCallback; observer: PerformanceObserver }[] = [];

function stubElementTiming(): void {
  class ElementTimingObserver {
    static readonly supportedEntryTypes = ['element', 'paint'];
    constructor(private readonly callback: PerformanceObserverCallback) {}
    observe(): void {
      elementObservers.push({ callback: this.callback, observer: this as unknown as PerformanceObserver });
    }
    disconnect(): void {
      elementObservers = elementObservers.filter((entry) => entry.observer !== (this as unknown as PerformanceObserver));
    }
  }
  vi.stubGlobal('PerformanceObserver', ElementTimingObserver);
}

function presentTitle(identifier: string): void {
  const list = { getEntries: () => [{ entryType: 'element', identifier, startTime: performance.now() }] } as unknown as PerformanceObserverEntryList;
  for (const { callback, observer } of elementObservers) callback(list, observer);
}

afterEach(() => {
  elementObservers = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setVisibility('visible');
});

async function startWaiting() {
  const { whenFirstStepOrIdle } = await import('./wait-for-first-step.ts');
  const { useExplorerStore } = await import('../store/explorer-store.ts');
  let settled = false;
  void whenFirstStepOrIdle().then(() => (settled = true));
  return { useExplorerStore, isSettled: () => settled };
}

const QUESTION_STEP = { n: 1 } as unknown as Step;

describe('whenFirstStepOrIdle', () => {
  it('waits for the frame that shows step 1, however long the first render takes', async () => {
    const { useExplorerStore, isSettled } = await startWaiting();
    useExplorerStore.setState({ steps: [QUESTION_STEP] });
    // A second of first render, and no frame yet: the old wait gave up after 100 ms.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(isSettled()).toBe(false);
    paintFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(isSettled()).toBe(true);
  });

  it('in a hidden tab, which paints no frames, goes on at once', async () => {
    setVisibility('hidden');
    const { useExplorerStore, isSettled } = await startWaiting();
    useExplorerStore.setState({ steps: [QUESTION_STEP] });
    await vi.advanceTimersByTimeAsync(0);
    expect(isSettled()).toBe(true);
  });

  it('goes on when the tab is hidden while it waits for a frame', async () => {
    const { useExplorerStore, isSettled } = await startWaiting();
    useExplorerStore.setState({ steps: [QUESTION_STEP] });
    await vi.advanceTimersByTimeAsync(200);
    expect(isSettled()).toBe(false);
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(isSettled()).toBe(true);
  });

  it('where the browser reports presentation, waits past the frame for the title to be on screen', async () => {
    stubElementTiming();
    const { STEP_TITLE_TIMING } = await import('./shell/first-step-names.ts');
    const { useExplorerStore, isSettled } = await startWaiting();
    useExplorerStore.setState({ steps: [QUESTION_STEP] });
    paintFrame();
    await vi.advanceTimersByTimeAsync(100);
    // The frame's own task has run: the raster and draw that put it on screen may not have.
    expect(isSettled()).toBe(false);
    presentTitle('some-other-element');
    await vi.advanceTimersByTimeAsync(0);
    expect(isSettled()).toBe(false);
    presentTitle(STEP_TITLE_TIMING);
    await vi.advanceTimersByTimeAsync(0);
    expect(isSettled()).toBe(true);
  });

  it('gives up on hearing of the presentation a quarter second after the frame (a title out of view is never timed)', async () => {
    stubElementTiming();
    const { useExplorerStore, isSettled } = await startWaiting();
    useExplorerStore.setState({ steps: [QUESTION_STEP] });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(isSettled()).toBe(false);
    paintFrame();
    await vi.advanceTimersByTimeAsync(200);
    expect(isSettled()).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(isSettled()).toBe(true);
  });

  it('on a page nobody has touched, goes on at the first idle moment after the first frame', async () => {
    stubElementTiming();
    const { isSettled } = await startWaiting();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(isSettled()).toBe(false);
    paintFrame();
    await vi.advanceTimersByTimeAsync(1);
    expect(isSettled()).toBe(true);
  });
});

describe('whenShellStepPresented', () => {
  async function startShellWait() {
    const { whenShellStepPresented } = await import('./wait-for-first-step.ts');
    let settled = false;
    void whenShellStepPresented().then(() => (settled = true));
    return { isSettled: () => settled };
  }

  afterEach(() => document.body.replaceChildren());

  function showShellStep(): void {
    const section = document.createElement('section');
    section.setAttribute('data-shell-step', '');
    document.body.append(section);
  }

  it('with no step on the shell (no press, or the app shows it), lets the app render at once', async () => {
    stubElementTiming();
    const { isSettled } = await startShellWait();
    await vi.advanceTimersByTimeAsync(0);
    expect(isSettled()).toBe(true);
  });

  it('keeps the shell’s step 1 until the browser reports it presented, frame or no frame', async () => {
    stubElementTiming();
    showShellStep();
    const { STEP_TITLE_TIMING } = await import('./shell/first-step-names.ts');
    const { isSettled } = await startShellWait();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(isSettled()).toBe(false);
    presentTitle(STEP_TITLE_TIMING);
    await vi.advanceTimersByTimeAsync(0);
    expect(isSettled()).toBe(true);
  });

  it('holds the app back 50 ms past a frame at most when the title is never timed (out of view)', async () => {
    stubElementTiming();
    showShellStep();
    const { isSettled } = await startShellWait();
    paintFrame();
    await vi.advanceTimersByTimeAsync(40);
    expect(isSettled()).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(isSettled()).toBe(true);
  });

  it('where the browser has no Element Timing, waits for the frame only', async () => {
    showShellStep();
    const { isSettled } = await startShellWait();
    await vi.advanceTimersByTimeAsync(500);
    expect(isSettled()).toBe(false);
    paintFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(isSettled()).toBe(true);
  });
});
