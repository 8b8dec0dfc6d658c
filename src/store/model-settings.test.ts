import { describe, expect, it } from 'vitest';
import { defaultModelSettings, loadModelSettings, readStreamChoice, saveModelSettings, SETTINGS_STORAGE_KEY } from './model-settings.ts';

/** A storage of the page's shape, kept in memory: the tests run in Node. */
function useMemoryStorage(): Map<string, string> {
  const values = new Map<string, string>();
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => values.set(key, value) },
  });
  return values;
}

describe('Streamed / Whole in the model settings', () => {
  it('streams real providers and not the mock unless chosen', () => {
    const settings = defaultModelSettings();
    expect(readStreamChoice(settings)).toBe(false);
    expect(readStreamChoice({ ...settings, kind: 'real' })).toBe(true);
  });

  it('keeps the choice on this device, falling back to the default for a value that is not a yes or no', () => {
    const values = useMemoryStorage();
    saveModelSettings({ ...defaultModelSettings(), stream: { mock: true, real: false } });
    expect(loadModelSettings().stream).toEqual({ mock: true, real: false });
    values.set(SETTINGS_STORAGE_KEY, JSON.stringify({ stream: { mock: 'yes' } }));
    expect(loadModelSettings().stream).toEqual({ mock: false, real: true });
  });
});
