/**
 * Which requests the in-browser server answers. The worker sits in front of every
 * request the page makes, so it is strict: only this site's own origin, only under
 * its own folder, only the server's paths. Everything else (a real provider, an MCP
 * server named by URL, another site) passes through untouched.
 */

/** The path the server knows this request by (e.g. /mcp/sessions), or null when the worker must leave it alone. */
export function findServerPath(requestUrl: string, baseUrl: URL, handles: (pathname: string) => boolean): string | null {
  const url = new URL(requestUrl);
  if (url.origin !== baseUrl.origin) return null;
  const wellKnown = findWellKnownPath(url.pathname, baseUrl);
  if (wellKnown !== null) return handles(wellKnown) ? wellKnown : null;
  if (!url.pathname.startsWith(baseUrl.pathname)) return null;
  // The server's routes are written from the root (/mcp, /mock/…), wherever the site is hosted.
  const pathname = `/${url.pathname.slice(baseUrl.pathname.length)}`;
  return handles(pathname) ? pathname : null;
}

/**
 * OAuth discovery documents sit between the host and the path (RFC 9728 §3.1, RFC 8414
 * §3.1), so the sandbox's, for a site under /explorer/, are at
 * /.well-known/KIND/explorer/…, outside the site's folder: the path the server knows
 * them by is /.well-known/KIND/…. Only a page this worker controls sends them here.
 */
function findWellKnownPath(pathname: string, baseUrl: URL): string | null {
  const match = /^(\/\.well-known\/[a-z-]+)(\/.*)$/.exec(pathname);
  if (!match) return null;
  const folder = baseUrl.pathname.replace(/\/+$/, '');
  const rest = match[2]!;
  if (folder === '') return pathname;
  return rest.startsWith(`${folder}/`) ? `${match[1]}${rest.slice(folder.length)}` : null;
}

/**
 * The same request addressed to the server's own path. The body is read whole: the
 * client sends small JSON bodies, and a stream as a body would need `duplex` support.
 * Host and Origin cannot be set on a Request here, so the server checks the URL's host.
 */
export async function createServerRequest(request: Request, pathname: string): Promise<Request> {
  const url = new URL(request.url);
  url.pathname = pathname;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? await request.arrayBuffer() : null,
    signal: request.signal,
  });
}
