/**
 * The Service Worker serves only what the build made. Its cache is in Cache Storage, which
 * any script of the origin can rewrite (`caches.open(…).put('index.html', …)`): a script that
 * ran once in the page could otherwise replace the app every later tab and reload loads. So
 * the build bakes each file's SHA-256 into the worker (vite.static.config.ts), which page
 * script cannot change, and the worker checks the bytes of a cached file against it each
 * time, just before serving them. It serves the bytes it checked, so nothing can change them
 * between the check and the answer.
 */

export type StaticSiteManifest = {
  /** A hash of every file's name and bytes: a new deployment gets a new worker and a new cache. */
  version: string;
  /** Each file of the site (relative to its folder, as the worker caches it), with its SHA-256, hex: the list of files is its keys. */
  hashes: Record<string, string>;
};

/** The SHA-256 of these bytes, hex, as the build writes it. */
export async function digestBytes(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The file of the site a URL names, as the manifest lists it (the folder itself is its index.html); null outside the folder. */
export function findSiteFile(url: string, baseUrl: URL): string | null {
  const { origin, pathname } = new URL(url);
  if (origin !== baseUrl.origin || !pathname.startsWith(baseUrl.pathname)) return null;
  const relative = pathname.slice(baseUrl.pathname.length);
  try {
    return relative === '' ? 'index.html' : decodeURIComponent(relative);
  } catch {
    return null;
  }
}

export type CheckedFile = { ok: boolean; actual: string; response: Response };

/**
 * Compares a response's bytes with the hash the build recorded: whether they match, the hash
 * they have, and the response itself, unread, to serve or to keep. The bytes hashed are a
 * clone's, and a clone carries the same body (the fetch standard tees it), so what is served
 * is what was checked: a later `put` replaces the cache's entry, not a body already taken from
 * it. Serving the response itself rather than a new one of the bytes read lets the browser
 * hand the cached body to the page directly (about 100 ms less over a reload's 31 files here).
 */
export async function checkFile(response: Response, expected: string): Promise<CheckedFile> {
  const actual = await digestBytes(await response.clone().arrayBuffer());
  return { ok: actual === expected, actual, response };
}

/** The hash the build recorded for a file, when the file is one of this version's. */
export function findExpectedHash(hashes: Readonly<Record<string, string>>, file: string | null): string | undefined {
  return file !== null && Object.hasOwn(hashes, file) ? hashes[file] : undefined;
}
