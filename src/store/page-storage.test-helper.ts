import { vi } from 'vitest';

/**
 * The page's location and localStorage for a store test under Node: Storage is a plain
 * Map behind the Storage interface, returned so the test reads and writes what is kept.
 * Undone by vi.unstubAllGlobals().
 */
export function stubPageStorage(): Map<string, string> {
  const stored = new Map<string, string>();
  vi.stubGlobal('location', { href: 'http://127.0.0.1:5173/' });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
  return stored;
}
