// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Step } from '../../trace/trace.ts';

/**
 * The graph view asks for its chunk when it mounts, in the app's first render; the chunk
 * must still wait for step 1 painted or the page idle (whenFirstStepOrIdle), as the engine
 * does, or its evaluation lands between a Next pressed at once and step 1.
 */

// The chunk itself stands in for React Flow; whether it has arrived is what the loader remembers (rememberModule).
vi.mock('./lifecycle-graph.tsx', () => ({ LifecycleGraph: () => null }));

// A frame every 16 ms and no requestIdleCallback (jsdom has neither): the wait falls back to a timer.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(performance.now()), 16));
  vi.stubGlobal('requestIdleCallback', undefined);
  vi.resetModules();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function loadFreshModules() {
  const { loadLifecycleGraph } = await import('./load-lifecycle-graph.ts');
  const { useExplorerStore } = await import('../../store/explorer-store.ts');
  return { loadLifecycleGraph, useExplorerStore };
}

describe('loadLifecycleGraph', () => {
  it('does not fetch the graph at mount, only once the page has painted and is idle', async () => {
    const { loadLifecycleGraph } = await loadFreshModules();
    const loaded = loadLifecycleGraph();
    await vi.advanceTimersByTimeAsync(5);
    expect(loadLifecycleGraph.loaded).toBeUndefined();
    await vi.advanceTimersByTimeAsync(50);
    await loaded;
    expect(loadLifecycleGraph.loaded).toBeDefined();
  });

  it('fetches the graph after step 1, shown at once by Next, has been painted', async () => {
    const { loadLifecycleGraph, useExplorerStore } = await loadFreshModules();
    const step = { number: 1, id: 'user.question' } as unknown as Step;
    useExplorerStore.setState({ steps: [step] });
    const loaded = loadLifecycleGraph();
    await vi.advanceTimersByTimeAsync(1);
    expect(loadLifecycleGraph.loaded).toBeUndefined();
    await vi.advanceTimersByTimeAsync(20);
    await loaded;
    expect(loadLifecycleGraph.loaded).toBeDefined();
  });
});
