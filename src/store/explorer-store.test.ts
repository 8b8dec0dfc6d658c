import { afterEach, expect, it, vi } from 'vitest';
import { VIEW_STORAGE_KEY } from './view-preferences.ts';

/**
 * The page's store reads the page's storage when it is first asked for, at start-up, not
 * when its module is imported: a test that makes its own store never touches storage.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

it('reads the page’s storage when the page’s store is first asked for, not when its module is imported', async () => {
  const stored = new Map([[VIEW_STORAGE_KEY, JSON.stringify({ theme: 'dark' })]]);
  const reads: string[] = [];
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => {
      reads.push(key);
      return stored.get(key) ?? null;
    },
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
  const { createExplorerStore, getExplorerStore } = await import('./explorer-store.ts');
  expect(reads).toEqual([]);
  expect(createExplorerStore().getState().preferences.theme).toBe('system');
  expect(reads).toEqual([]);
  expect(getExplorerStore().getState().preferences.theme).toBe('dark');
  expect(reads).toContain(VIEW_STORAGE_KEY);
  expect(getExplorerStore()).toBe(getExplorerStore());
});
