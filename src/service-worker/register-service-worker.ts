import { readAppBaseUrl } from './app-base-url.ts';
import { formatCachePrefix } from './client-versions.ts';
import { readWorkerStatus, updateWorkerStatus } from './worker-status.ts';
import type { PageToWorkerMessage, WorkerToPageMessage } from './worker-scope.ts';

/**
 * Installs the static site's in-browser server and keeps the page told about it. Loaded
 * with import() after the first paint, in the static build only.
 *
 * First visit: the worker caches the page, activates and claims this page; only then
 * does the first message go out (the run controller waits for 'ready'). The rest of the
 * site is cached after that, for offline visits, and the worker reports its progress. A new
 * deployment installs beside the running one and waits, so a run in progress is never
 * cut off; the page offers a reload that activates it.
 */

const WORKER_FILE = 'service-worker.js';
const VERSION_REPLY_TIMEOUT_MS = 3000;
const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

const UNSUPPORTED = [
  'This browser runs no Service Worker for this page, and the static site needs one: its MCP server and mock model run in it.',
  'Service Workers need HTTPS, or http://localhost or http://127.0.0.1; some private windows turn them off.',
].join(' ');
/** The way on without the worker: the full explorer has model settings; the embed view has none, so it points to the full explorer. */
const WITHOUT_WORKER = {
  full: 'A real provider with an MCP server by URL still works without it: choose them in the model settings.',
  embed:
    'This lesson view runs only the built-in server, which needs the worker: Open in the full explorer, above, opens the same lesson in a tab of its own, where a real provider with an MCP server by URL can be chosen in the model settings.',
};

export async function registerServiceWorker({ embed }: { embed: boolean }): Promise<void> {
  const unsupported = `${UNSUPPORTED} ${embed ? WITHOUT_WORKER.embed : WITHOUT_WORKER.full}`;
  if (!('serviceWorker' in navigator) || !globalThis.isSecureContext) {
    updateWorkerStatus({ phase: 'failed', detail: unsupported });
    return;
  }
  const container = navigator.serviceWorker;
  const baseUrl = readAppBaseUrl();
  let reloadWhenReplaced = false;

  container.addEventListener('message', (event: MessageEvent<WorkerToPageMessage | null>) => {
    if (event.data?.type === 'install-progress' && readWorkerStatus().phase === 'installing') {
      updateWorkerStatus({ detail: `Installing the in-browser server… (${event.data.cached} of ${event.data.total} files cached)` });
    }
    if (event.data?.type === 'offline-progress') updateWorkerStatus({ offlineCopy: { cached: event.data.cached, total: event.data.total, failure: null } });
    if (event.data?.type === 'offline-failed') {
      updateWorkerStatus({
        offlineCopy: { cached: readWorkerStatus().offlineCopy?.cached ?? 0, total: readWorkerStatus().offlineCopy?.total ?? 0, failure: event.data.detail },
      });
    }
  });
  container.addEventListener('controllerchange', () => {
    // The learner asked for the new version: the page's own files belong to the old one.
    if (reloadWhenReplaced) globalThis.location.reload();
    else void markReady(container.controller);
  });

  const workerUrl = new URL(WORKER_FILE, baseUrl);
  let registration: ServiceWorkerRegistration;
  try {
    registration = await container.register(workerUrl, { scope: baseUrl.href });
  } catch (error) {
    if (await removeWorkerIfGone({ container, workerUrl, baseUrl })) return;
    const reason = error instanceof Error ? error.message : String(error);
    updateWorkerStatus({ phase: 'failed', detail: `The in-browser server could not be installed (${reason}). Reload the page to try again. ${unsupported}` });
    return;
  }

  const offerWaitingUpdate = () => {
    const waiting = registration.waiting;
    if (!waiting || !container.controller) return;
    updateWorkerStatus({
      applyUpdate: () => {
        reloadWhenReplaced = true;
        const message: PageToWorkerMessage = { type: 'skip-waiting' };
        waiting.postMessage(message);
      },
    });
  };
  registration.addEventListener('updatefound', () => {
    const incoming = registration.installing;
    incoming?.addEventListener('statechange', () => {
      if (incoming.state === 'installed') offerWaitingUpdate();
      if (incoming.state === 'redundant' && !container.controller) {
        updateWorkerStatus({
          phase: 'failed',
          detail: 'The in-browser server could not be installed: a file of the site could not be cached. Reload the page to try again.',
        });
      }
    });
  });
  offerWaitingUpdate();
  // register() answers from the registration it has without asking for the file again, and
  // the browser's own check on each load fails silently: ask now, to notice a removed worker.
  void registration.update().catch(() => removeWorkerIfGone({ container, workerUrl, baseUrl }));
  // A tab left open for days still learns of a new deployment.
  setInterval(() => void registration.update().catch(() => removeWorkerIfGone({ container, workerUrl, baseUrl })), UPDATE_CHECK_INTERVAL_MS);

  if (container.controller) {
    await markReady(container.controller);
  } else if (registration.active) {
    // A hard reload bypasses the worker although it is active: ask it to take this page (controllerchange follows).
    const message: PageToWorkerMessage = { type: 'claim' };
    registration.active.postMessage(message);
  }
  // Otherwise the worker is installing: it claims this page when it activates.
}

/**
 * A deployment that no longer has the worker file means the site stopped running one:
 * the installed worker would otherwise go on serving the cached explorer forever, since
 * a browser keeps a worker whose update check fails. Only a plain 404 or 410 counts (the
 * site answered, without the file); no network keeps the worker, for offline visits.
 */
let workerRemoved = false;

async function removeWorkerIfGone({ container, workerUrl, baseUrl }: { container: ServiceWorkerContainer; workerUrl: URL; baseUrl: URL }): Promise<boolean> {
  const answer = await fetch(workerUrl, { cache: 'no-store' }).catch(() => null);
  if (answer?.status !== 404 && answer?.status !== 410) return false;
  workerRemoved = true;
  const registration = await container.getRegistration(baseUrl.href);
  await registration?.unregister();
  for (const name of await caches.keys()) if (name.startsWith(formatCachePrefix(baseUrl))) await caches.delete(name);
  updateWorkerStatus({
    phase: 'failed',
    detail: `This site no longer serves the in-browser server (${WORKER_FILE} answered ${answer.status}), so it was removed from this browser with its cached files. Reload the page to see what the site serves now.`,
  });
  return true;
}

async function markReady(controller: ServiceWorker | null): Promise<void> {
  if (!controller) return;
  const version = await readVersion(controller);
  if (workerRemoved) return;
  updateWorkerStatus({ phase: 'ready', detail: '', version });
  const loaded: PageToWorkerMessage = { type: 'page-loaded' };
  controller.postMessage(loaded);
}

/** Asks the controlling worker which deployment it belongs to. */
function readVersion(controller: ServiceWorker): Promise<string | null> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), VERSION_REPLY_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<WorkerToPageMessage>) => {
      clearTimeout(timer);
      resolve(event.data.type === 'version' ? event.data.version : null);
    };
    const message: PageToWorkerMessage = { type: 'read-version' };
    controller.postMessage(message, [channel.port2]);
  });
}
