/**
 * The page's view of its in-browser server. Tiny and free of dependencies on purpose:
 * the run controller imports it on the first page, in the served app too, where the
 * server is a real one and everything here is settled from the start.
 */

export type WorkerPhase =
  /** Served by `npm start`: the server is on the network, no worker is involved. */
  'not-needed' | 'installing' | 'ready' | 'failed';

export type WorkerStatus = {
  phase: WorkerPhase;
  /** What is happening now, in words (installing), or why it failed. */
  detail: string;
  /** The deployment the controlling worker belongs to. */
  version: string | null;
  /** A newer deployment is installed and waits: calling this activates it and reloads the page. */
  applyUpdate: (() => void) | null;
  /** The site's files kept for offline use, as the worker last said (null before it said anything). */
  offlineCopy: { cached: number; total: number; failure: string | null } | null;
};

export const IS_STATIC_SITE = import.meta.env.MODE === 'static-site';

// A page the worker already controls (a reload, a later visit) only waits for it to answer.
const alreadyInstalled = IS_STATIC_SITE && Boolean(globalThis.navigator?.serviceWorker?.controller);

let status: WorkerStatus = IS_STATIC_SITE
  ? {
      phase: 'installing',
      detail: alreadyInstalled ? 'Starting the in-browser server…' : 'Installing the in-browser server…',
      version: null,
      applyUpdate: null,
      offlineCopy: null,
    }
  : { phase: 'not-needed', detail: '', version: null, applyUpdate: null, offlineCopy: null };
const listeners = new Set<() => void>();

let settle: { resolve: () => void; reject: (error: Error) => void } | null = null;
const readiness: Promise<void> = IS_STATIC_SITE
  ? new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    })
  : Promise.resolve();
// A failure is reported by the status too; nobody may be waiting yet.
readiness.catch(() => {});

export function readWorkerStatus(): WorkerStatus {
  return status;
}

export function subscribeToWorkerStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function updateWorkerStatus(change: Partial<WorkerStatus>): void {
  status = { ...status, ...change };
  if (status.phase === 'ready') settle?.resolve();
  if (status.phase === 'failed') settle?.reject(new Error(status.detail));
  for (const listener of listeners) listener();
}

/** Resolves once the built-in server can answer this page: at once when it is on the network. */
export function waitForInBrowserServer(): Promise<void> {
  return readiness;
}
