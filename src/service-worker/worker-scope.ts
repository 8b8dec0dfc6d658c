/**
 * The few Service Worker globals the worker uses, typed here: the project's TypeScript
 * settings carry the DOM library, which cannot be combined with the WebWorker one.
 */

export type ExtendableEvent = Event & { waitUntil: (promise: Promise<unknown>) => void };

export type FetchEvent = ExtendableEvent & {
  readonly request: Request;
  /** The page that made the request ('' for a navigation, which makes a new page). */
  readonly clientId: string;
  /** The page a navigation makes. */
  readonly resultingClientId: string;
  respondWith: (response: Response | Promise<Response>) => void;
};

export type ExtendableMessageEvent = ExtendableEvent & {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
};

export type WindowClient = { readonly id: string; postMessage: (message: unknown) => void };

export type ServiceWorkerScope = {
  readonly location: { readonly href: string; readonly hostname: string; readonly origin: string };
  readonly caches: CacheStorage;
  readonly clients: {
    claim: () => Promise<void>;
    matchAll: (options?: { includeUncontrolled?: boolean; type?: 'window' }) => Promise<readonly WindowClient[]>;
  };
  /** `active` is the running version during an update's install, and null during a first install. */
  readonly registration: { readonly active: object | null };
  skipWaiting: () => Promise<void>;
  addEventListener: {
    (type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
    (type: 'fetch', listener: (event: FetchEvent) => void): void;
    (type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
  };
};

/** The messages the page and the worker exchange. */
export type PageToWorkerMessage =
  | { type: 'skip-waiting' }
  /** A page loaded with a hard reload is not controlled although the worker is active. */
  | { type: 'claim' }
  | { type: 'read-version' }
  /** A page is up: the worker may now delete old versions' caches no open page uses. */
  | { type: 'page-loaded' };

export type WorkerToPageMessage =
  | { type: 'install-progress'; cached: number; total: number }
  | { type: 'version'; version: string }
  /** The offline copy of the site, completed after a first install: `cached` of `total` files held. */
  | { type: 'offline-progress'; cached: number; total: number }
  | { type: 'offline-failed'; detail: string };
