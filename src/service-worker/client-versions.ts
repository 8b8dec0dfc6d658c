/**
 * Which deployment each open page of the site was loaded with. A browser runs one worker
 * per site: when a new one takes over (the learner pressed "Reload to update" in another
 * tab), the pages still open were built from the old version's files, and their lazily
 * loaded chunks may no longer exist on the host. So every page's version is written down
 * (in the Cache Storage, where the next worker finds it), its chunks are served from that
 * version's cache, and an old cache is deleted only once no open page uses it.
 */

const CACHE_PREFIX = 'mcp-lifecycle-explorer';
const REGISTRY_FILE = 'client-versions.json';

export type CacheRegistry = {
  /** The cache holding the files this page was loaded with, when it is known and still there. */
  findCacheOf: (clientId: string) => Promise<string | undefined>;
  record: (clientId: string, cacheName: string) => Promise<void>;
  /** Records these pages as loaded with `cacheName` unless their version is known already. */
  adopt: (clientIds: readonly string[], cacheName: string) => Promise<void>;
  /** Forgets closed pages and deletes this site's caches no open page uses, but the current one. Returns the deleted names. */
  prune: (liveClientIds: readonly string[], currentCacheName: string) => Promise<string[]>;
};

/** What every cache name of this site begins with: caches are per origin, shared by every site on it. */
export function formatCachePrefix(baseUrl: URL): string {
  return `${CACHE_PREFIX} ${baseUrl.pathname} `;
}

export function formatCacheName(baseUrl: URL, version: string): string {
  return `${formatCachePrefix(baseUrl)}${version}`;
}

/** The registry's own cache: never a version, so never deleted as an old one. */
export function formatRegistryCacheName(baseUrl: URL): string {
  return `${formatCachePrefix(baseUrl)}pages`;
}

export function createCacheRegistry(baseUrl: URL): CacheRegistry {
  const registryName = formatRegistryCacheName(baseUrl);
  const registryUrl = new URL(REGISTRY_FILE, baseUrl).href;
  const versionPrefix = formatCachePrefix(baseUrl);
  // One change at a time: fetch events run concurrently, and each change rewrites the file.
  let queue: Promise<unknown> = Promise.resolve();

  const read = async (): Promise<Map<string, string>> => {
    const stored = await (await caches.open(registryName)).match(registryUrl);
    const data: unknown = stored ? await stored.json().catch(() => null) : null;
    const entries =
      typeof data === 'object' && data !== null ? Object.entries(data).filter((entry): entry is [string, string] => typeof entry[1] === 'string') : [];
    return new Map(entries);
  };
  const write = async (pages: Map<string, string>) => {
    const body = JSON.stringify(Object.fromEntries(pages));
    await (await caches.open(registryName)).put(registryUrl, new Response(body, { headers: { 'content-type': 'application/json' } }));
  };
  const change = <T>(update: (pages: Map<string, string>) => Promise<T> | T): Promise<T> => {
    const next = queue.then(async () => {
      const pages = await read();
      const result = await update(pages);
      await write(pages);
      return result;
    });
    queue = next.catch(() => {});
    return next;
  };

  return {
    findCacheOf: async (clientId) => {
      await queue;
      const name = (await read()).get(clientId);
      return name && (await caches.has(name)) ? name : undefined;
    },
    record: (clientId, cacheName) => change((pages) => void pages.set(clientId, cacheName)),
    adopt: (clientIds, cacheName) =>
      change((pages) => {
        for (const id of clientIds) if (!pages.has(id)) pages.set(id, cacheName);
      }),
    prune: (liveClientIds, currentCacheName) =>
      change(async (pages) => {
        const live = new Set(liveClientIds);
        for (const id of [...pages.keys()]) if (!live.has(id)) pages.delete(id);
        const used = new Set([currentCacheName, ...pages.values()]);
        const unused = (await caches.keys()).filter((name) => name.startsWith(versionPrefix) && name !== registryName && !used.has(name));
        await Promise.all(unused.map((name) => caches.delete(name)));
        return unused;
      }),
  };
}
