import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VIEW_STORAGE_KEY, defaultViewPreferences, loadViewPreferences, saveViewPreferences } from './view-preferences.ts';

function useMemoryStorage(): Map<string, string> {
  const values = new Map<string, string>();
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => values.set(key, value) },
  });
  return values;
}

describe('view preferences', () => {
  it('come back as saved', () => {
    useMemoryStorage();
    const chosen = { ...defaultViewPreferences(), theme: 'dark' as const, view: 'sequence' as const, intervalMs: 350, graphHeight: 412 };
    saveViewPreferences(chosen);
    expect(loadViewPreferences()).toEqual(chosen);
  });

  it('fall back to the defaults for anything saved that is not a choice the page offers', () => {
    const values = useMemoryStorage();
    values.set(VIEW_STORAGE_KEY, JSON.stringify({ theme: '<script>', presenter: 'yes', view: 'tree', inspectorLayout: 9, intervalMs: 1, graphHeight: '400px' }));
    expect(loadViewPreferences()).toEqual(defaultViewPreferences());
    values.set(VIEW_STORAGE_KEY, JSON.stringify({ graphHeight: 1e9 }));
    expect(loadViewPreferences()).toEqual(defaultViewPreferences());
    values.set(VIEW_STORAGE_KEY, '{not json');
    expect(loadViewPreferences()).toEqual(defaultViewPreferences());
  });

  it('are read by index.html under the same key, to set the theme before the first paint', () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    expect(html).toContain(`localStorage.getItem('${VIEW_STORAGE_KEY}')`);
  });
});
