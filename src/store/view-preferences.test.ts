import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VIEW_STORAGE_KEY, defaultViewPreferences, loadViewPreferences, saveViewPreferences } from './view-preferences.ts';
import { stubPageStorage } from './page-storage.test-helper.ts';

afterEach(() => vi.unstubAllGlobals());

describe('view preferences', () => {
  it('come back as saved', () => {
    stubPageStorage();
    const chosen = { ...defaultViewPreferences(), theme: 'dark' as const, view: 'sequence' as const, intervalMs: 350, graphHeight: 412 };
    saveViewPreferences(chosen);
    expect(loadViewPreferences()).toEqual(chosen);
  });

  it('fall back to the defaults for anything saved that is not a choice the page offers', () => {
    const values = stubPageStorage();
    values.set(
      VIEW_STORAGE_KEY,
      JSON.stringify({ theme: '<script>', presenter: 'yes', view: 'tree', inspectorLayout: 9, intervalMs: 1, graphHeight: '400px' }),
    );
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
