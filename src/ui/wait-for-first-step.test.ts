// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Step } from '../trace/trace.ts';

/**
 * The heavy chunks wait for step 1's frame: a first render that shows step 1 (Next
 * pressed on the page's shell) can take longer than any fixed time, and the wait must not
 * give up on that frame while the tab is visible. A hidden tab paints no frames.
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

afterEach(() => {
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
});
