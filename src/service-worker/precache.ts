/**
 * The built site, kept in a cache named after its deployment, so a reload and an
 * offline visit are served by the worker without the network. Caches are per origin
 * and shared by every site on it: the name carries the site's folder, so a worker
 * only ever deletes its own old versions.
 */

const INDEX_FILE = 'index.html';
/** The OAuth redirect page: its address carries the code and state, which are not part of what is cached. */
const CALLBACK_FILE = 'oauth-callback.html';

/** How many files are fetched at once: the page's own first requests go through the same worker and the same connection pool. */
const PARALLEL_FETCHES = 6;

type PrecacheOptions = {
  cacheName: string;
  baseUrl: URL;
  files: readonly string[];
  onProgress: (cached: number, total: number) => void;
};

/** Caches the given files; one that fails fails the whole, so a half-cached version never takes over. */
export async function precacheFiles(options: PrecacheOptions): Promise<void> {
  const cache = await caches.open(options.cacheName);
  const queue = [...options.files];
  let cached = 0;
  const cacheNext = async (): Promise<void> => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      // 'reload' skips the HTTP cache: a file left there by the previous deployment must not be cached as this one's.
      const request = new Request(new URL(file, options.baseUrl), { cache: 'reload' });
      const response = await fetch(request);
      if (!response.ok) throw new Error(`Precaching ${file} failed: HTTP ${response.status}.`);
      await cache.put(request, response);
      cached += 1;
      options.onProgress(cached, options.files.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_FETCHES, queue.length) }, cacheNext));
}

/**
 * Caches the files of the list the cache does not hold yet, and reports progress over
 * the whole list: the offline copy a first visit completes once its worker is active,
 * and completes again on a later load if the network failed it halfway.
 */
export async function cacheMissingFiles(options: PrecacheOptions): Promise<void> {
  const cache = await caches.open(options.cacheName);
  const missing: string[] = [];
  for (const file of options.files) if (!(await cache.match(new URL(file, options.baseUrl).href))) missing.push(file);
  const held = options.files.length - missing.length;
  options.onProgress(held, options.files.length);
  if (missing.length === 0) return;
  await precacheFiles({ ...options, files: missing, onProgress: (cached) => options.onProgress(held + cached, options.files.length) });
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
 */
export async function respondFromCache({ request, cacheName, pageCacheName, baseUrl }: { request: Request; cacheName: string; pageCacheName?: string; baseUrl: URL }): Promise<Response> {
  if (isPageRequest(request, baseUrl)) {
    // caches.match with a cacheName reads without opening, so a request answered after the site removed the worker and its caches does not make one again.
    const page = await caches.match(new URL(INDEX_FILE, baseUrl).href, { cacheName });
    return page ?? fetch(request);
  }
  // The index and the callback page are each one file whatever their query, so offline a redirect back with a code still finds its page.
  const ignoreSearch = isIndexPath(request, baseUrl) || new URL(request.url).pathname === `${baseUrl.pathname}${CALLBACK_FILE}`;
  for (const name of pageCacheName && pageCacheName !== cacheName ? [pageCacheName, cacheName] : [cacheName]) {
    const cached = await caches.match(request, { cacheName: name, ignoreSearch });
    if (cached) return cached;
  }
  return fetch(request);
}
