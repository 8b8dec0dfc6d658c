import { buildDiscoveryUrls } from '@modelcontextprotocol/client';

/**
 * Where the metadata documents are, as the standards build their addresses. Both insert
 * the well-known suffix between the host and the path (it is not appended to the path):
 * RFC 9728 §3.1 for a protected resource, RFC 8414 §3.1 for an authorization server.
 */

/** The URL with `/.well-known/<suffix>` inserted before its path; a path of `/` alone counts as none. */
export function insertWellKnown({ url, suffix }: { url: URL; suffix: string }): string {
  const path = url.pathname.replace(/\/+$/, '');
  // RFC 8414 §3.1 and RFC 9728 §3.1: the query is kept, the fragment is not part of an identifier.
  return `${url.origin}/.well-known/${suffix}${path}${url.search}`;
}

/**
 * The addresses of the protected resource metadata to try, in the MCP spec's order: the
 * one the 401 named (`resource_metadata`), else the path-aware well-known URL, then the
 * one at the root of the origin. The flow fetches each itself (fetchResourceMetadata), not
 * with the MCP SDK's discoverOAuthProtectedResourceMetadata, which parses the document before
 * the URL gate sees it (a `javascript:` authorization server is a schema error, not the
 * gate's step), stops at a 5xx or an unreadable document where the flow tries the root, and
 * keeps the server URL's query in the well-known address, which this list drops.
 */
export function listResourceMetadataUrls({ serverUrl, resourceMetadata }: { serverUrl: URL; resourceMetadata?: string }): string[] {
  if (resourceMetadata !== undefined) return [resourceMetadata];
  const withPath = insertWellKnown({ url: new URL(serverUrl.origin + serverUrl.pathname), suffix: 'oauth-protected-resource' });
  const atRoot = `${serverUrl.origin}/.well-known/oauth-protected-resource`;
  return withPath === atRoot ? [atRoot] : [withPath, atRoot];
}

/**
 * The addresses of an authorization server's metadata, in the MCP spec's order: RFC 8414
 * with the path inserted, OpenID Connect discovery with the path inserted, then OpenID
 * Connect's own form (the path, then `/.well-known/openid-configuration`); an issuer without
 * a path has the first two only: the MCP SDK's list (fetchServerMetadata says why the flow
 * fetches them itself).
 */
export function listServerMetadataUrls(issuer: string): string[] {
  return buildDiscoveryUrls(issuer).map(({ url }) => url.href);
}

/**
 * The resource indicator for an MCP server (RFC 8707, the MCP spec's canonical server
 * URI): scheme and host in lower case (the URL class does that), no fragment, no query,
 * and no trailing slash on a path. (The MCP SDK's resourceUrlFromServerUrl keeps the query
 * and the slash.)
 */
export function canonicalResource(serverUrl: URL): string {
  const path = serverUrl.pathname === '/' ? '' : serverUrl.pathname.replace(/\/+$/, '');
  return `${serverUrl.origin}${path}`;
}

/**
 * Whether the metadata's `resource` names this server (RFC 9728 §3.3 wants it identical
 * to the resource the client asked about; the MCP SDK also accepts a parent path of the
 * same origin, as one metadata document may cover several endpoints). Not the SDK's
 * checkResourceAllowed, which refuses `…/mcp/` for a server at `…/mcp` and throws on a
 * resource that is no URL, where the flow says why in a step.
 */
export function isResourceForServer({ resource, serverUrl }: { resource: string; serverUrl: URL }): boolean {
  let named: URL;
  try {
    named = new URL(resource);
  } catch {
    return false;
  }
  if (named.origin !== serverUrl.origin) return false;
  const namedPath = named.pathname.replace(/\/+$/, '');
  const serverPath = serverUrl.pathname.replace(/\/+$/, '');
  return serverPath === namedPath || serverPath.startsWith(`${namedPath}/`);
}

/**
 * Whether an issuer named by a document is on this origin: an http(s) URL of the same
 * origin with no query or fragment (RFC 8414 §2 forbids both in an issuer), whatever its path.
 */
export function isIssuerAtOrigin({ issuer, origin }: { issuer: string; origin: string }): boolean {
  if (!URL.canParse(issuer)) return false;
  const named = new URL(issuer);
  return named.origin === origin && named.search === '' && named.hash === '' && !issuer.includes('#');
}
