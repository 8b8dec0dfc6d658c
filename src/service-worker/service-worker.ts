import '../trace/zod-without-eval.ts';
import { createApp } from '../../server/http/index.ts';
import { createCacheRegistry, formatCacheName } from './client-versions.ts';
import { createCheckedFileMemory, type StaticSiteManifest } from './file-integrity.ts';
import { cacheMissingFiles, isPageRequest, isSiteRequest, precacheFiles, respondFromCache } from './precache.ts';
import { createServerRequest, findServerPath } from './server-routes.ts';
import type { PageToWorkerMessage, ServiceWorkerScope, WorkerToPageMessage } from './worker-scope.ts';

/**
 * The static site's server: the same web-standard app `npm start` runs in Node (the
 * MCP endpoints in both eras, the sessions, the mock model), answering the page's
 * requests from inside the browser. The page's SDK client still sends real HTTP
 * requests; DevTools lists them as served by this worker.
 *
 * Built into one file by vite.static.config.ts, which fills in the manifest below.
 */

declare const __STATIC_SITE_MANIFEST__: StaticSiteManifest;

const manifest = __STATIC_SITE_MANIFEST__;
// Files kept only once a page asks for them (the model in the tab's WebAssembly) are not part of every visitor's offline copy.
const files = Object.keys(manifest.hashes).filter((file) => !manifest.onDemand.includes(file));
const worker = globalThis as unknown as ServiceWorkerScope;
/** The site's folder: the worker file sits at its top, and its scope is that folder. */
const baseUrl = new URL('./', worker.location.href);
const cacheName = formatCacheName(baseUrl, manifest.version);
const registry = createCacheRegistry(baseUrl);
/** The files served in this worker's lifetime, each checked once against the manifest (file-integrity.ts). */
const checkedFiles = createCheckedFileMemory();

// DNS rebinding protection as in Node, with the site's own host as the only one allowed.
const app = createApp({
  allowedHostnames: [worker.location.hostname],
  // The authorization sandbox writes the URLs clients must use, which are under the site's folder.
  // A worker's own fetch goes to the network, not through this worker: the explorer's client metadata document, which
  // the sandbox fetches to learn who the client is, is answered by this same app, so the flow works offline too.
  authorization: { basePath: baseUrl.pathname, fetchDocument: fetchThroughApp },
  // Provider-side MCP: the mock model, here in the worker, reaches the site's own MCP server through this same app (a worker's fetch skips the worker).
  providerMcp: { fetch: fetchThroughApp, servers: 'any' },
  onError: (error) => console.error(`[in-browser server] ${error.message}`),
});

function fetchThroughApp(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const serverPath = findServerPath(request.url, baseUrl, app.handles);
  if (serverPath === null) return fetch(request);
  return createServerRequest(request, serverPath).then((serverRequest) => app.fetch(serverRequest));
}

async function tellPages(message: WorkerToPageMessage): Promise<void> {
  // During install no page is controlled yet: the one that installs this worker still wants the progress.
  for (const client of await worker.clients.matchAll({ includeUncontrolled: true, type: 'window' })) client.postMessage(message);
}

/** What a first install caches before it activates: the page itself, for a reload. */
const FIRST_INSTALL_FILES = ['index.html'];

worker.addEventListener('install', (event) => {
  // A worker answers the page's /mcp and /mock only once active, and the install holds that back.
  // A first visit has its files on screen already, from the network, and the learner waits on the
  // first step: it caches the page only, and the rest once active (completeOfflineCopy). An update
  // waits beside the running version anyway, so it caches every file before it may take over.
  const isFirstInstall = worker.registration.active === null;
  event.waitUntil(
    precacheFiles({
      cacheName,
      baseUrl,
      files: isFirstInstall ? files.filter((file) => FIRST_INSTALL_FILES.includes(file)) : files,
      hashes: manifest.hashes,
      onProgress: (cached, total) => void tellPages({ type: 'install-progress', cached, total }),
    }),
  );
});

let offlineCopy: Promise<boolean> | null = null;

/**
 * Caches the files this version's cache still lacks, once per worker lifetime (again after a
 * failure), and tells the pages how far it got: until it is whole, a reload without the
 * network may miss a file, so the banner says "works offline" only once it is.
 */
function completeOfflineCopy(): Promise<boolean> {
  offlineCopy ??= cacheMissingFiles({
    cacheName,
    baseUrl,
    files,
    hashes: manifest.hashes,
    onProgress: (cached, total) => void tellPages({ type: 'offline-progress', cached, total }),
  }).then(
    () => true,
    (error: unknown) => {
      offlineCopy = null;
      const reason = error instanceof Error ? error.message : String(error);
      void tellPages({ type: 'offline-failed', detail: `Not all of the site's files could be kept for offline use (${reason}); the next load tries again.` });
      return false;
    },
  );
  return offlineCopy;
}

async function listPageIds(): Promise<string[]> {
  return (await worker.clients.matchAll({ includeUncontrolled: true, type: 'window' })).map((client) => client.id);
}

worker.addEventListener('activate', (event) => {
  // The pages this worker takes over from none (a first visit) were loaded from this version's files;
  // those a previous worker served keep the version it wrote down. An old cache goes once no open page uses it.
  event.waitUntil(
    worker.clients
      .claim()
      .then(listPageIds)
      .then(async (pages) => {
        await registry.adopt(pages, cacheName);
        await registry.prune(pages, cacheName);
      }),
  );
});

worker.addEventListener('message', (event) => {
  const message = event.data as PageToWorkerMessage | null;
  if (message?.type === 'skip-waiting') event.waitUntil(worker.skipWaiting());
  if (message?.type === 'claim') event.waitUntil(worker.clients.claim());
  if (message?.type === 'page-loaded') {
    event.waitUntil(listPageIds().then((pages) => registry.prune(pages, cacheName)));
    // Every page that comes up learns whether the offline copy is whole, also once it long is.
    event.waitUntil(
      completeOfflineCopy().then((complete) => (complete ? tellPages({ type: 'offline-progress', cached: files.length, total: files.length }) : undefined)),
    );
  }
  if (message?.type === 'read-version') {
    const reply: WorkerToPageMessage = { type: 'version', version: manifest.version };
    event.ports[0]?.postMessage(reply);
  }
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const serverPath = findServerPath(request.url, baseUrl, app.handles);
  if (serverPath !== null) {
    event.respondWith(createServerRequest(request, serverPath).then((serverRequest) => app.fetch(serverRequest)));
    return;
  }
  // Anything not ours (a provider, an MCP server by URL, another origin) goes to the network untouched.
  if (!isSiteRequest(request, baseUrl)) return;
  if (isPageRequest(request, baseUrl)) {
    // A page loaded now is this version's. The page it replaces (a reload) is still listed until
    // the new one has loaded, so old caches are pruned when the new page says it is up ('page-loaded').
    if (event.resultingClientId) event.waitUntil(registry.record(event.resultingClientId, cacheName));
    event.respondWith(respondFromCache({ request, cacheName, baseUrl, hashes: manifest.hashes, memory: checkedFiles }));
    return;
  }
  event.respondWith(
    (event.clientId ? registry.findCacheOf(event.clientId) : Promise.resolve(undefined)).then((pageCacheName) =>
      respondFromCache({
        request,
        cacheName,
        baseUrl,
        hashes: manifest.hashes,
        memory: checkedFiles,
        onDemand: manifest.onDemand,
        ...(pageCacheName ? { pageCacheName } : {}),
      }),
    ),
  );
});
