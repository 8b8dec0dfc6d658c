import { useEffect, useState } from 'react';

export type LoadedModule<T> = { status: 'loading' } | { status: 'loaded'; module: T } | { status: 'failed'; message: string };

/**
 * A module fetched with import() as soon as the caller has mounted (after the first
 * paint: effects run then), so it is usually there before it is needed. Unlike lazy()
 * under Suspense, a view shown later does not wait once it has arrived: React holds a
 * Suspense boundary's content back until 300 ms after its fallback appeared, which put
 * the first step on screen a third of a second after its data.
 */
export function useLoadedModule<T>(load: () => Promise<T>): LoadedModule<T> {
  const [loaded, setLoaded] = useState<LoadedModule<T>>({ status: 'loading' });
  useEffect(() => {
    let mounted = true;
    load().then(
      (module) => mounted && setLoaded({ status: 'loaded', module }),
      (error: unknown) => mounted && setLoaded({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      mounted = false;
    };
  }, [load]);
  return loaded;
}
