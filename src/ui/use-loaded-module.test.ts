import { describe, expect, it } from 'vitest';
import { rememberModule } from './use-loaded-module.ts';

describe('rememberModule', () => {
  it('keeps what the import resolved with, so a view mounted later renders it at once', async () => {
    const module = { name: 'inspector' };
    const loader = rememberModule(() => Promise.resolve(module));
    expect(loader.loaded).toBeUndefined();
    await expect(loader()).resolves.toBe(module);
    expect(loader.loaded).toBe(module);
  });

  it('keeps nothing when the import fails, so the view says so and a later try loads it again', async () => {
    let attempts = 0;
    const loader = rememberModule(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('chunk gone')) : Promise.resolve('second try');
    });
    await expect(loader()).rejects.toThrow('chunk gone');
    expect(loader.loaded).toBeUndefined();
    await expect(loader()).resolves.toBe('second try');
    expect(loader.loaded).toBe('second try');
  });
});
