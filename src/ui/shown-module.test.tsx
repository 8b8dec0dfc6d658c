// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ShownModule } from './shown-module.tsx';
import { mountRootForEachTest } from './react-root.test-helper.ts';
import { rememberModule } from './use-loaded-module.ts';

const mounted = mountRootForEachTest();

/** Renders the module's view and lets its import() settle; returns the page's text and its alert, if any. */
async function renderShown(load: () => Promise<{ name: string }>, className?: string) {
  const loader = rememberModule(load);
  await act(async () => {
    mounted.root.render(<ShownModule load={loader} what="the graph" className={className} render={({ name }) => <p>{name}</p>} />);
  });
  return { text: mounted.container.textContent, alert: mounted.container.querySelector('[role="alert"]') };
}

describe('a view whose code is a chunk of its own', () => {
  it('shows the view once its module has loaded', async () => {
    expect(await renderShown(() => Promise.resolve({ name: 'the lifecycle graph' }))).toEqual({ text: 'the lifecycle graph', alert: null });
  });

  it('says it is loading until then', async () => {
    await act(async () => mounted.root.render(<ShownModule load={rememberModule(() => new Promise(() => {}))} what="this view" render={() => null} />));
    expect(mounted.container.textContent).toBe('Loading this view…');
  });

  it('says what could not be loaded, why, and what to do, spaced as its place asks', async () => {
    const { alert } = await renderShown(() => Promise.reject(new Error('Failed to fetch dynamically imported module')), 'p-4');
    expect(alert?.textContent).toBe(
      'The graph could not be loaded (Failed to fetch dynamically imported module). Check that the server is still running, then reload the page.',
    );
    expect(alert?.className).toBe('p-4 text-sm text-red-700 dark:text-red-400');
  });
});
