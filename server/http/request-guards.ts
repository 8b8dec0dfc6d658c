import { validateHostHeader, validateOriginHeader } from '@modelcontextprotocol/server';
import { jsonResponse } from '../shared/json-response.ts';

/**
 * DNS rebinding protection, shared by every route: the app's API routes check it in
 * the web-standard app (so the Service Worker gets it too), and the Node listener
 * checks it before it reads a body or serves a file.
 *
 * A page on an attacker's domain can make a browser reach 127.0.0.1 by re-pointing
 * its DNS name; the request then still names the attacker's domain in Host, and a
 * cross-site page names itself in Origin. Refusing both stops that page.
 */

export type GuardLists = {
  /** Hostnames the Host header may name (port-agnostic, IPv6 in brackets). */
  allowedHostnames: string[];
  /** Hostnames a browser Origin may name. */
  allowedOriginHostnames: string[];
};

/**
 * host[:port] exactly as a browser sends it: a DNS name or IPv4 address, or an IPv6
 * address in brackets. The SDK's check parses the header as a URL, which also reads
 * "localhost/x" or "localhost#y" as localhost: refusing anything else keeps a
 * crafted Host from shifting the path the app sees, or from breaking the Node
 * adapter's URL (which would answer 500).
 */
const HOST_HEADER_PATTERN = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** A 403 answer when Host or Origin is not allowed, else undefined. */
export function findGuardRefusal(host: string | null | undefined, origin: string | null | undefined, lists: GuardLists): Response | undefined {
  const hostCheck = host && !HOST_HEADER_PATTERN.test(host) ? { ok: false as const, message: `Invalid Host header: ${host}` } : validateHostHeader(host ?? undefined, lists.allowedHostnames);
  if (!hostCheck.ok) {
    return jsonResponse(403, {
      error: `Forbidden: ${hostCheck.message}. This server answers only requests addressed to ${lists.allowedHostnames.join(', ')}, to stop DNS rebinding.`,
    });
  }
  if (!isOriginAllowed(origin, lists)) {
    const originCheck = validateOriginHeader(origin ?? undefined, lists.allowedOriginHostnames);
    return jsonResponse(403, {
      error: `Forbidden: ${originCheck.ok ? 'Invalid Origin' : originCheck.message}. Browser pages may call this server only from ${lists.allowedOriginHostnames.join(', ')}.`,
    });
  }
  return undefined;
}

export function isOriginAllowed(origin: string | null | undefined, lists: GuardLists): boolean {
  return validateOriginHeader(origin ?? undefined, lists.allowedOriginHostnames).ok;
}
