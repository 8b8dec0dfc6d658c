/**
 * The built site, kept in a cache named after its deployment, so a reload and an
 * offline visit are served by the worker without the network. Caches are per origin
 * and shared by every site on it: the name carries the site's folder, so a worker
 * only ever deletes its own old versions.
 */

const CACHE_PREFIX = 'mcp-lifecycle-explorer';
const INDEX_FILE = 'index.html';

export function formatCacheName(baseUrl: URL, version: string): string {
  return `${CACHE_PREFIX} ${baseUrl.pathname} ${version}`;
}

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

/** Deletes this site's caches of earlier deployments, leaving other sites' caches alone. */
export async function deleteOldCaches(baseUrl: URL, currentCacheName: string): Promise<string[]> {
  const ours = `${CACHE_PREFIX} ${baseUrl.pathname} `;
  const old = (await caches.keys()).filter((name) => name.startsWith(ours) && name !== currentCacheName);
  await Promise.all(old.map((name) => caches.delete(name)));
  return old;
}

/** Whether the worker serves this GET from its cache: same origin, inside the site's folder. */
export function isSiteRequest(request: Request, baseUrl: URL): boolean {
  const url = new URL(request.url);
  return request.method === 'GET' && url.origin === baseUrl.origin && url.pathname.startsWith(baseUrl.pathname);
}

/**
 * Cache first, then the network. Every page of the site is its index.html (a deep
 * link only adds a query), so a navigation to the folder is served that file.
 */
export async function respondFromCache(request: Request, cacheName: string, baseUrl: URL): Promise<Response> {
  const cache = await caches.open(cacheName);
  const url = new URL(request.url);
  const isIndex = url.pathname === baseUrl.pathname || url.pathname === `${baseUrl.pathname}${INDEX_FILE}`;
  const cached = isIndex && request.mode === 'navigate'
    ? await cache.match(new URL(INDEX_FILE, baseUrl).href)
    : await cache.match(request, { ignoreSearch: isIndex });
  return cached ?? fetch(request);
}
