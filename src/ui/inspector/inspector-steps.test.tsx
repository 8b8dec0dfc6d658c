// @vitest-environment jsdom
import { act } from 'react';
import { expect, it } from 'vitest';
import { createCountedRun } from '../../../tests/helpers/count-step-reads.ts';
import { goToStep } from '../../store/actions.ts';
import { useExplorerStore } from '../../store/explorer-store.ts';
import { Inspector } from './inspector.tsx';
import { mountRootForEachTest } from '../react-root.test-helper.ts';

const mounted = mountRootForEachTest();

/**
 * The inspector mounts again at every step (it is keyed by the step). What it derives from
 * the whole run (the run's facts for the words, the steps' outcomes) must be derived once per
 * change of the run, not at each mount: each Next of a long imported trace read all of it again.
 * Counted in reads of the steps' fields, which does not depend on the machine's speed.
 */
it('reads a bounded number of steps at each Next of a 1,800-step run, not the whole run', async () => {
  const { steps, reads } = createCountedRun(180);
  act(() => useExplorerStore.setState({ steps, status: 'failed', cursor: 0, furthest: 0 }));
  await act(async () => mounted.root.render(<Inspector />));
  // The word builders are a chunk loaded after the first render: wait until the step's words are in.
  await act(() => import('../../content/step-words-module.ts'));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(mounted.container.querySelector('[data-testid="inspector"]')?.getAttribute('data-n')).toBe('1');
  const before = reads();
  for (let index = 1; index <= 20; index++) act(() => goToStep(index));
  expect(mounted.container.querySelector('[data-testid="inspector"]')?.getAttribute('data-n')).toBe('21');
  // About 120 reads a Next here (the step's own views, and its link's name, which reads the run up to the step); one scan of
  // one field of the whole run at each Next is 1,800 more, and the run's facts read again at each were 684,000 (before issue 44).
  expect((reads() - before) / 20).toBeLessThan(steps.length / 4);
});
