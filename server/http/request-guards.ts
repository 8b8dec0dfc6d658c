import { validateHostHeader } from '@modelcontextprotocol/server';
import { jsonResponse } from '../shared/index.ts';

/**
 * DNS rebinding protection, shared by every route: the app's API routes check it in
 * the web-standard app (so the Service Worker gets it too), and the Node listener
 * checks it before it reads a body or serves a file.
 *
 * A page on an attacker's domain can make a browser reach 127.0.0.1 by re-pointing
 * its DNS name; the request then still names the attacker's domain in Host, and a
 * cross-site page names itself in Origin. Refusing both stops that page. A page on
 * another port of localhost is another program's page, and is refused the same way.
 */

export type GuardLists = {
  /** Hostnames the Host header may name (port-agnostic, IPv6 in brackets). */
  allowedHostnames: string[];
  /**
   * Origins (scheme, host and port) whose pages may call the server besides its own,
   * such as a browser-based MCP client on another port; none by default.
   */
  allowedOrigins: string[];
};

/** What the guards read from a request: Host (or the URL's host where no header exists), Origin, and the scheme it came in on. */
export type GuardedRequest = { host: string | null | undefined; origin: string | null | undefined; protocol: string };

/**
 * host[:port] exactly as a browser sends it: a DNS name or IPv4 address, or an IPv6
 * address in brackets. The SDK's check parses the header as a URL, which also reads
 * "localhost/x" or "localhost#y" as localhost: refusing anything else keeps a
 * crafted Host from shifting the path the app sees, or from breaking the Node
 * adapter's URL (which would answer 500).
 */
const HOST_HEADER_PATTERN = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** A 403 answer when Host or Origin is not allowed, else undefined. */
export function findGuardRefusal(request: GuardedRequest, lists: GuardLists): Response | undefined {
  const { host, origin } = request;
  const hostCheck =
    host && !HOST_HEADER_PATTERN.test(host)
      ? { ok: false as const, message: `Invalid Host header: ${host}` }
      : validateHostHeader(host ?? undefined, lists.allowedHostnames);
  if (!hostCheck.ok) {
    return jsonResponse(403, {
      error: `Forbidden: ${hostCheck.message}. This server answers only requests addressed to ${lists.allowedHostnames.join(', ')}, to stop DNS rebinding.`,
    });
  }
  if (!isOriginAllowed(request, lists)) {
    const own = readOwnOrigin(request);
    const allowed = [own, ...lists.allowedOrigins].filter((entry) => entry !== undefined).join(', ');
    return jsonResponse(403, {
      error: `Forbidden: Invalid Origin: ${origin}. Browser pages may call this server only from ${allowed}, so that no other page (another site, or another program's page on this machine) can drive it. To let a page on another origin in, such as a browser-based MCP client, start the server with --allow-origin <that origin>.`,
    });
  }
  return undefined;
}

/**
 * No Origin (a program, not a page) is allowed; a page only from the server's own
 * origin, scheme, host and port alike, or from an origin the server was told to admit.
 * The port matters: any program on this machine can serve a page from
 * localhost:<another port>.
 */
export function isOriginAllowed(request: GuardedRequest, lists: GuardLists): boolean {
  if (request.origin === null || request.origin === undefined || request.origin === '') return true;
  const origin = readOrigin(request.origin);
  if (origin === undefined) return false;
  return origin === readOwnOrigin(request) || lists.allowedOrigins.some((allowed) => readOrigin(allowed) === origin);
}

/** scheme://host[:port] as URL.origin writes it (lower case, default port dropped); undefined for what is not an http(s) origin. */
export function readOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

function readOwnOrigin({ host, protocol }: GuardedRequest): string | undefined {
  return host ? readOrigin(`${protocol}//${host}`) : undefined;
}
