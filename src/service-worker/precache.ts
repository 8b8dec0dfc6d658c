/**
 * The built site, kept in a cache named after its deployment, so a reload and an
 * offline visit are served by the worker without the network. Caches are per origin
 * and shared by every site on it: the name carries the site's folder, so a worker
 * only ever deletes its own old versions.
 */

const INDEX_FILE = 'index.html';
/** The OAuth redirect page: its address carries the code and state, which are not part of what is cached. */
const CALLBACK_FILE = 'oauth-callback.html';

/** Caches every built file; one that fails fails the install, so a half-cached version never takes over. */
export async function precacheFiles(options: {
  cacheName: string;
  baseUrl: URL;
  files: readonly string[];
  onProgress: (cached: number, total: number) => void;
}): Promise<void> {
  const cache = await caches.open(options.cacheName);
  let cached = 0;
  await Promise.all(
    options.files.map(async (file) => {
      // 'reload' skips the HTTP cache: a file left there by the previous deployment must not be cached as this one's.
      const request = new Request(new URL(file, options.baseUrl), { cache: 'reload' });
      const response = await fetch(request);
      if (!response.ok) throw new Error(`Precaching ${file} failed: HTTP ${response.status}.`);
      await cache.put(request, response);
      cached += 1;
      options.onProgress(cached, options.files.length);
    }),
  );
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
    const page = await (await caches.open(cacheName)).match(new URL(INDEX_FILE, baseUrl).href);
    return page ?? fetch(request);
  }
  // The index and the callback page are each one file whatever their query, so offline a redirect back with a code still finds its page.
  const ignoreSearch = isIndexPath(request, baseUrl) || new URL(request.url).pathname === `${baseUrl.pathname}${CALLBACK_FILE}`;
  for (const name of pageCacheName && pageCacheName !== cacheName ? [pageCacheName, cacheName] : [cacheName]) {
    const cached = await (await caches.open(name)).match(request, { ignoreSearch });
    if (cached) return cached;
  }
  return fetch(request);
}
