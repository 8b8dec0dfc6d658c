import { CALLBACK_PAGE_PATH, CLI_LOOPBACK_REDIRECT_URI, CLIENT_METADATA_PATH } from '../../src/trace/index.ts';

/**
 * The explorer's own Client ID Metadata Document (draft-ietf-oauth-client-id-metadata-document,
 * the MCP 2025-11-25 authorization spec's preferred client identity): the client_id is the
 * URL it is served at, so an authorization server that supports these documents needs no
 * registration. It lists the page's callback and the CLI's loopback redirect, and says the
 * explorer is a public client (no secret; PKCE protects its codes).
 */

export function describeClientMetadataDocument({ origin, basePath }: { origin: string; basePath: string }) {
  const base = `${origin}${basePath.replace(/\/+$/, '')}`;
  return {
    client_id: `${base}${CLIENT_METADATA_PATH}`,
    client_name: 'MCP Lifecycle Explorer',
    client_uri: `${base}/`,
    redirect_uris: [`${base}${CALLBACK_PAGE_PATH}`, CLI_LOOPBACK_REDIRECT_URI],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

/** Loopback IP literals only: RFC 8252 §8.3 advises against "localhost", whose name may resolve elsewhere. */
function isLoopbackIp(hostname: string): boolean {
  return hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/**
 * Whether a redirect URI asked for is one the client registered: compared exactly, except
 * that a loopback IP redirect may come on any port (RFC 8252 §7.3), because a native app
 * such as the CLI listens on whichever port is free when it runs, and so cannot list it.
 */
export function isRegisteredRedirectUri({ registered, requested }: { registered: string[]; requested: string }): boolean {
  if (registered.includes(requested)) return true;
  let asked: URL;
  try {
    asked = new URL(requested);
  } catch {
    return false;
  }
  if (asked.protocol !== 'http:' || !isLoopbackIp(asked.hostname)) return false;
  return registered.some((uri) => {
    try {
      const listed = new URL(uri);
      return (
        listed.protocol === 'http:' &&
        listed.hostname === asked.hostname &&
        listed.pathname === asked.pathname &&
        listed.search === asked.search &&
        listed.hash === '' &&
        asked.hash === ''
      );
    } catch {
      return false;
    }
  });
}
