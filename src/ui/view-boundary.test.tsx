// @vitest-environment jsdom
import { act, useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ViewBoundary } from './view-boundary.tsx';
import { mountRootForEachTest } from './react-root.test-helper.ts';

const mounted = mountRootForEachTest();
const failing = { now: true, mounts: 0 };

function FragileView() {
  useEffect(() => {
    failing.mounts += 1;
  }, []);
  if (failing.now) throw new Error('Cannot read properties of undefined (reading "map")');
  return <p data-testid="fragile">the view</p>;
}

/** The inspector with a view that throws; returns its "Try again" button. */
function renderFailedInspector(): HTMLButtonElement | undefined {
  act(() =>
    mounted.root.render(
      <ViewBoundary view="inspector">
        <FragileView />
      </ViewBoundary>,
    ),
  );
  return [...mounted.container.querySelectorAll('button')].find((element) => element.textContent === 'Try again');
}

beforeEach(() => {
  failing.now = true;
  failing.mounts = 0;
  // React reports a caught error on the console; the test reads the page, not the log.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a view that throws', () => {
  it('shows a message in that view and keeps its neighbours', () => {
    act(() =>
      mounted.root.render(
        <main>
          <ViewBoundary view="graph">
            <FragileView />
          </ViewBoundary>
          <ViewBoundary view="timeline">
            <p data-testid="neighbour">step 7 of 20</p>
          </ViewBoundary>
        </main>,
      ),
    );
    const alert = mounted.container.querySelector('[data-testid="view-error"]');
    expect(alert?.textContent).toContain('The graph could not be shown (Cannot read properties of undefined (reading "map")).');
    expect(alert?.getAttribute('role')).toBe('alert');
    expect(mounted.container.querySelector('[data-testid="neighbour"]')?.textContent).toBe('step 7 of 20');
    expect(mounted.container.querySelector('[data-testid="fragile"]')).toBeNull();
  });

  it('mounts the view afresh on "Try again"', () => {
    const button = renderFailedInspector();
    failing.now = false;
    act(() => button?.click());
    expect(mounted.container.querySelector('[data-testid="fragile"]')?.textContent).toBe('the view');
    expect(mounted.container.querySelector('[data-testid="view-error"]')).toBeNull();
    expect(failing.mounts).toBe(1);
  });

  it('says it again when the view fails again', () => {
    const button = renderFailedInspector();
    act(() => button?.click());
    expect(mounted.container.querySelector('[data-testid="view-error"]')?.textContent).toContain('The inspector could not be shown');
  });
});
