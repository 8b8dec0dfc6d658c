import { useEffect, useState } from 'react';

export type LoadedModule<T> = { status: 'loading' } | { status: 'loaded'; module: T } | { status: 'failed'; message: string };

/** A module's import(), which keeps what it resolved with, so a view mounted after it arrived renders it at once. */
export type ModuleLoader<T> = { (): Promise<T>; loaded?: T };

export function rememberModule<T>(load: () => Promise<T>): ModuleLoader<T> {
  const loader: ModuleLoader<T> = Object.assign(
    async () => {
      const module = await load();
      loader.loaded = module;
      return module;
    },
    { loaded: undefined },
  );
  return loader;
}

/**
 * A module fetched with import() as soon as the caller has mounted (after the first
 * paint: effects run then), so it is usually there before it is needed. Unlike lazy()
 * under Suspense, a view shown later does not wait once it has arrived: React holds a
 * Suspense boundary's content back until 300 ms after its fallback appeared, which put
 * the first step on screen a third of a second after its data. A module that arrived
 * before the view mounted (rememberModule) is in the view's first render: a "loading"
 * render, then the effect and the import() resolving, put step 1 a render and a frame later.
 */
export function useLoadedModule<T>(load: ModuleLoader<T>): LoadedModule<T> {
  const [loaded, setLoaded] = useState<LoadedModule<T>>(() => (load.loaded === undefined ? { status: 'loading' } : { status: 'loaded', module: load.loaded }));
  useEffect(() => {
    if (loaded.status === 'loaded') return;
    let mounted = true;
    load().then(
      (module) => mounted && setLoaded({ status: 'loaded', module }),
      (error: unknown) => mounted && setLoaded({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      mounted = false;
    };
  }, [load, loaded.status]);
  return loaded;
}
