import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';

/**
 * A store the page's views and actions reach by one name, as a React hook with the
 * store's own getState, setState and subscribe, while the store itself is a plain
 * zustand/vanilla instance: made the first time anything asks for it (the page's
 * start-up), not when a module is imported, and replaced by a test's own with install.
 * Each call reaches whichever store is installed then, so `const { getState } = useX`
 * at a module's top follows an installed test store too.
 */
export type PageStore<S> = {
  (): S;
  <T>(selector: (state: S) => T): T;
  getState: () => S;
  setState: StoreApi<S>['setState'];
  subscribe: StoreApi<S>['subscribe'];
  /** The store in use now, made by `make` the first time it is asked for. */
  get: () => StoreApi<S>;
  /** Makes this store the one in use (a test's own, fresh one). */
  install: (store: StoreApi<S>) => void;
};

export function definePageStore<S>(make: () => StoreApi<S>): PageStore<S> {
  let store: StoreApi<S> | undefined;
  const get = (): StoreApi<S> => {
    store ??= make();
    return store;
  };
  function useSelected(): S;
  function useSelected<T>(selector: (state: S) => T): T;
  function useSelected<T>(selector?: (state: S) => T): S | T {
    return useStore<StoreApi<S>, S | T>(get(), selector ?? ((state) => state));
  }
  return Object.assign(useSelected, {
    getState: (): S => get().getState(),
    // The store's setState, whose overloads (a partial, or a whole state with replace) a wrapper cannot spell again.
    setState: ((...args: Parameters<StoreApi<S>['setState']>) => get().setState(...args)) as StoreApi<S>['setState'],
    subscribe: (listener: Parameters<StoreApi<S>['subscribe']>[0]): (() => void) => get().subscribe(listener),
    get,
    install: (next: StoreApi<S>): void => {
      store = next;
    },
  });
}
