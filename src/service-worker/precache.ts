import { answerWith, checkFile, findExpectedHash, findSiteFile, type CheckedFileMemory } from './file-integrity.ts';

/**
 * The built site, kept in a cache named after its deployment, so a reload and an
 * offline visit are served by the worker without the network. Caches are per origin
 * and shared by every site on it: the name carries the site's folder, so a worker
 * only ever deletes its own old versions. Every file is checked against the hash the
 * build recorded, when it is cached and each time it is served (file-integrity.ts).
 */

const INDEX_FILE = 'index.html';
/** The OAuth redirect page: its address carries the code and state, which are not part of what is cached. */
const CALLBACK_FILE = 'oauth-callback.html';

/** How many files are fetched at once: the page's own first requests go through the same worker and the same connection pool. */
const PARALLEL_FETCHES = 6;

type FileHashes = Readonly<Record<string, string>>;

type PrecacheOptions = {
  cacheName: string;
  baseUrl: URL;
  files: readonly string[];
  /** Each file's SHA-256, from the build. */
  hashes: FileHashes;
  onProgress: (cached: number, total: number) => void;
};

/**
 * Caches the given files; one that fails fails the whole, so a half-cached version never
 * takes over. A file whose bytes are not the build's fails too: a host in the middle of a
 * deployment, or one that rewrites what it serves, would otherwise have this version's
 * worker serve another version's file.
 */
export async function precacheFiles(options: PrecacheOptions): Promise<void> {
  await fillCache(await caches.open(options.cacheName), options);
}

async function fillCache(cache: Cache, options: Omit<PrecacheOptions, 'cacheName'>): Promise<void> {
  const queue = [...options.files];
  let cached = 0;
  // Once one file fails the whole has failed: the others stop, and report no more progress over the failure.
  let failed = false;
  const cacheNext = async (): Promise<void> => {
    for (let file = queue.shift(); file !== undefined && !failed; file = queue.shift()) {
      // 'reload' skips the HTTP cache: a file left there by the previous deployment must not be cached as this one's.
      const request = new Request(new URL(file, options.baseUrl), { cache: 'reload' });
      const response = await fetch(request);
      if (!response.ok) throw new Error(`Precaching ${file} failed: HTTP ${response.status}.`);
      const expected = findExpectedHash(options.hashes, file);
      if (expected === undefined) throw new Error(`Precaching ${file} failed: the build recorded no hash for it.`);
      const checked = await checkFile(response, expected);
      if (!checked.ok)
        throw new Error(
          `Precaching ${file} failed: the host sent other bytes than this version was built with (SHA-256 ${checked.actual.slice(0, 12)}…, not ${expected.slice(0, 12)}…); a deployment still under way, or a host that rewrites files.`,
        );
      await cache.put(request, answerWith(checked));
      cached += 1;
      if (!failed) options.onProgress(cached, options.files.length);
    }
  };
  const stopOnFailure = (error: unknown) => {
    failed = true;
    throw error;
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_FETCHES, queue.length) }, () => cacheNext().catch(stopOnFailure)));
}

/**
 * Caches the files of the list the cache does not hold yet, and reports progress over
 * the whole list: the offline copy a first visit completes once its worker is active,
 * and completes again on a later load if the network failed it halfway.
 */
export async function cacheMissingFiles(options: PrecacheOptions): Promise<void> {
  // The install made the cache. Gone, it was deleted: by a page of a site that no longer runs the worker
  // (register-service-worker.ts), and caches.open would make it again, for a worker on its way out.
  if (!(await caches.has(options.cacheName))) throw new Error('this version’s cache was deleted');
  const cache = await caches.open(options.cacheName);
  const missing: string[] = [];
  for (const file of options.files) if (!(await cache.match(new URL(file, options.baseUrl).href))) missing.push(file);
  const held = options.files.length - missing.length;
  options.onProgress(held, options.files.length);
  if (missing.length === 0) return;
  // The cache opened once: if the site removes the worker and its caches meanwhile (a page does, register-service-worker.ts),
  // what is left to cache goes to the deleted one instead of making the name again.
  await fillCache(cache, { ...options, files: missing, onProgress: (cached) => options.onProgress(held + cached, options.files.length) });
}

/** Whether the worker serves this GET from its cache: same origin, inside the site's folder. */
export function isSiteRequest(request: Request, baseUrl: URL): boolean {
  const url = new URL(request.url);
  return request.method === 'GET' && url.origin === baseUrl.origin && url.pathname.startsWith(baseUrl.pathname);
}

/** Whether this request loads a page of the site (its index.html, with or without a query). */
export function isPageRequest(request: Request, baseUrl: URL): boolean {
  return request.mode === 'navigate' && isIndexPath(request, baseUrl);
}

function isIndexPath(request: Request, baseUrl: URL): boolean {
  const { pathname } = new URL(request.url);
  return pathname === baseUrl.pathname || pathname === `${baseUrl.pathname}${INDEX_FILE}`;
}

/**
 * Cache first, then the network. Every page of the site is its index.html (a deep
 * link only adds a query), so a navigation to the folder is served that file. A page's
 * other files come from the cache of the version it was loaded with (`pageCacheName`),
 * then from the current one.
 *
 * A cached file of this version is served only once its bytes match the build's hash; one
 * that does not was rewritten after it was cached, and is replaced (replaceChangedFile). A
 * file this version does not have is served only from an older version's cache, to a page
 * loaded with that version: its hash is that version's worker's, which is gone, so it cannot
 * be checked (SECURITY.md says so). A miss goes to the network, as the host serves it.
 */
export async function respondFromCache({
  request,
  cacheName,
  pageCacheName,
  baseUrl,
  hashes,
  memory,
  onDemand = [],
}: {
  request: Request;
  cacheName: string;
  pageCacheName?: string;
  baseUrl: URL;
  hashes: FileHashes;
  memory: CheckedFileMemory;
  /** Files of the site kept only once asked for (the model in the tab's WebAssembly): fetched, checked, then kept in this version's cache. */
  onDemand?: readonly string[];
}): Promise<Response> {
  if (isPageRequest(request, baseUrl)) {
    const kept = memory.recall(INDEX_FILE);
    if (kept) return kept;
    // caches.match with a cacheName reads without opening, so a request answered after the site removed the worker and its caches does not make one again.
    const page = await caches.match(new URL(INDEX_FILE, baseUrl).href, { cacheName });
    if (!page) return fetch(request);
    const expected = findExpectedHash(hashes, INDEX_FILE) ?? '';
    const checked = await checkFile(page, expected);
    if (!checked.ok) return replaceChangedFile({ file: INDEX_FILE, cacheName, baseUrl, expected, actual: checked.actual, memory });
    memory.keep(INDEX_FILE, checked);
    return answerWith(checked);
  }
  const file = findSiteFile(request.url, baseUrl);
  const expected = findExpectedHash(hashes, file);
  // The index and the callback page are each one file whatever their query, so offline a redirect back with a code still finds its page.
  const ignoreSearch = isIndexPath(request, baseUrl) || new URL(request.url).pathname === `${baseUrl.pathname}${CALLBACK_FILE}`;
  const kept = file !== null && expected !== undefined && (ignoreSearch || new URL(request.url).search === '') ? memory.recall(file) : undefined;
  if (kept) return kept;
  for (const name of pageCacheName && pageCacheName !== cacheName ? [pageCacheName, cacheName] : [cacheName]) {
    const cached = await caches.match(request, { cacheName: name, ignoreSearch });
    if (!cached) continue;
    // Not a file of this version: an older version's own, for its page; never anything else this version's cache holds.
    if (expected === undefined || file === null) {
      if (name !== cacheName) return cached;
      continue;
    }
    const checked = await checkFile(cached, expected);
    if (checked.ok) {
      memory.keep(file, checked);
      return answerWith(checked);
    }
    // Another version's file of the same name is only not this one; in this version's cache it was rewritten.
    if (name === cacheName) return replaceChangedFile({ file, cacheName, baseUrl, expected, actual: checked.actual, memory });
  }
  if (file === null || expected === undefined || !onDemand.includes(file)) return fetch(request);
  return fetchOnDemand({ request, file, expected, cacheName, memory });
}

/** A file kept only once asked for: fetched, and kept (and served from then on) only if its bytes are the build's. */
async function fetchOnDemand({
  request,
  file,
  expected,
  cacheName,
  memory,
}: {
  request: Request;
  file: string;
  expected: string;
  cacheName: string;
  memory: CheckedFileMemory;
}): Promise<Response> {
  const answer = await fetch(request);
  if (!answer.ok) return answer;
  const checked = await checkFile(answer, expected);
  // Other bytes under the name are another deployment's: served as the host sends them, not kept as this version's.
  if (!checked.ok) return answerWith(checked);
  memory.keep(file, checked);
  await (await caches.open(cacheName)).put(request, answerWith(checked));
  return answerWith(checked);
}

/**
 * A cached file whose bytes are not the build's: something rewrote the cache (a script in a
 * page of the site can). It is deleted, fetched again past the HTTP cache, and kept only if
 * the host's bytes are the build's. The host's answer is served either way, as a first visit
 * would be (other bytes under the name mean a newer deployment). Without the network, the
 * request is refused with what happened and what to do, never answered with the changed file.
 */
async function replaceChangedFile({
  file,
  cacheName,
  baseUrl,
  expected,
  actual,
  memory,
}: {
  file: string;
  cacheName: string;
  baseUrl: URL;
  expected: string;
  actual: string;
  memory: CheckedFileMemory;
}): Promise<Response> {
  console.warn(
    `[in-browser server] The cached ${file} is not the file this version was built with (SHA-256 ${actual.slice(0, 12)}…, built ${expected.slice(0, 12)}…): something rewrote the cache. It is deleted and fetched again.`,
  );
  const url = new URL(file, baseUrl).href;
  // Read from this cache a moment ago; if it is gone since, the site removed it, and it is not made again.
  const cache = (await caches.has(cacheName)) ? await caches.open(cacheName) : null;
  await cache?.delete(url, { ignoreSearch: true });
  const answer = await fetch(new Request(url, { cache: 'reload' })).catch(() => null);
  if (!answer) {
    const message = `The explorer's saved copy of ${file} is not the file this version of the site was built with: something changed it after it was saved (a script that ran in a page of this site can). It was deleted, and the network, where the real file is, could not be reached. Connect to the network and reload.`;
    return new Response(message, { status: 503, statusText: 'Service Unavailable', headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  if (!answer.ok) return answer;
  const checked = await checkFile(answer, expected);
  if (!checked.ok) return answerWith(checked);
  memory.keep(file, checked);
  await cache?.put(url, answerWith(checked));
  return answerWith(checked);
}
