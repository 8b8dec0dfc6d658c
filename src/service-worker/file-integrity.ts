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
  /** Files left out of every visitor's offline copy and kept once a page asks for them (the model in the tab's WebAssembly). */
  onDemand: string[];
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

export type CheckedFile = { ok: boolean; actual: string; bytes: ArrayBuffer; init: ResponseInit };

/**
 * Reads a response whole and compares its bytes with the hash the build recorded: whether they
 * match, the hash they have, and the bytes with the response's status and headers. What is
 * served or kept is made of these bytes (answerWith), so it is what was checked, whatever
 * happens to the cache entry they were read from.
 */
export async function checkFile(response: Response, expected: string): Promise<CheckedFile> {
  const bytes = await response.arrayBuffer();
  const actual = await digestBytes(bytes);
  return { ok: actual === expected, actual, bytes, init: { status: response.status, statusText: response.statusText, headers: [...response.headers] } };
}

/** A response of a checked file's bytes: a Response copies what it is given, so each answer has a body of its own. */
export function answerWith(file: CheckedFile): Response {
  return new Response(file.bytes, file.init);
}

export type CheckedFileMemory = {
  /** A response of a file checked before in this worker's lifetime, when there is one. */
  recall: (file: string) => Response | undefined;
  keep: (file: string, checked: CheckedFile) => void;
};

/**
 * The files this worker has checked, kept in its own memory for its lifetime (the whole site
 * is about 2 MB). No page can reach a worker's memory, so a file served again from there needs
 * no new check, nor a read of the cache, which a page may have rewritten since: that entry is
 * checked when a worker started afresh first reads it. It is also the fast way: a reload served
 * from memory loaded sooner here than one served from the cache with no check at all.
 */
export function createCheckedFileMemory(): CheckedFileMemory {
  const files = new Map<string, CheckedFile>();
  return {
    recall: (file) => {
      const kept = files.get(file);
      return kept && answerWith(kept);
    },
    keep: (file, checked) => {
      if (checked.ok) files.set(file, checked);
    },
  };
}

/** The hash the build recorded for a file, when the file is one of this version's. */
export function findExpectedHash(hashes: Readonly<Record<string, string>>, file: string | null): string | undefined {
  return file !== null && Object.hasOwn(hashes, file) ? hashes[file] : undefined;
}
