import { isLoopbackHostname } from '../../trace/url-gate.ts';

/**
 * The messages the client sends in the flow, built from what was discovered. Each is a
 * plain value the lifecycle records before it leaves.
 */

export type AuthorizationRequest = {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  state: string;
  resource: string;
  scopes: string[];
};

/** The authorization endpoint's URL with the request in its query (RFC 6749 §4.1.1, RFC 7636 §4.3, RFC 8707 §2). */
export function buildAuthorizationUrl({ endpoint, request }: { endpoint: string; request: AuthorizationRequest }): string {
  const url = new URL(endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', request.clientId);
  url.searchParams.set('redirect_uri', request.redirectUri);
  url.searchParams.set('code_challenge', request.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', request.state);
  url.searchParams.set('resource', request.resource);
  if (request.scopes.length > 0) url.searchParams.set('scope', request.scopes.join(' '));
  return url.toString();
}

export type ClientCredentials = { clientId: string; clientSecret?: string; authMethod?: string };

/**
 * The token request's body and headers (RFC 6749 §4.1.3, §6; RFC 7636 §4.5; RFC 8707 §2.2).
 * A confidential client authenticates with HTTP Basic unless it registered client_secret_post.
 */
export function buildTokenRequest({
  grant,
  client,
  resource,
}: {
  grant: { type: 'authorization_code'; code: string; codeVerifier: string; redirectUri: string } | { type: 'refresh_token'; refreshToken: string };
  client: ClientCredentials;
  resource: string;
}): { body: string; headers: Record<string, string> } {
  const form = new URLSearchParams();
  form.set('grant_type', grant.type);
  if (grant.type === 'authorization_code') {
    form.set('code', grant.code);
    form.set('code_verifier', grant.codeVerifier);
    form.set('redirect_uri', grant.redirectUri);
  } else {
    form.set('refresh_token', grant.refreshToken);
  }
  form.set('resource', resource);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (client.clientSecret !== undefined && client.authMethod !== 'client_secret_post') {
    // RFC 6749 §2.3.1: both parts are form-encoded before they are joined.
    headers.authorization = `Basic ${btoa(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`)}`;
  } else {
    form.set('client_id', client.clientId);
    if (client.clientSecret !== undefined) form.set('client_secret', client.clientSecret);
  }
  return { body: form.toString(), headers };
}

/**
 * SEP-837 (required from 2026-07-28, harmless before): "native" for an application on the
 * user's own machine (the CLI's loopback redirect, the explorer served by npm start on
 * localhost), "web" for one served from another host; the redirect URI says which.
 */
export function readApplicationType(redirectUri: string): 'native' | 'web' {
  try {
    return isLoopbackHostname(new URL(redirectUri).hostname) ? 'native' : 'web';
  } catch {
    return 'web';
  }
}

/** What the host registers itself as (RFC 7591 §2): a public client with PKCE, so no secret. */
export function buildRegistrationRequest({ redirectUri, clientName }: { redirectUri: string; clientName: string }): Record<string, unknown> {
  return {
    client_name: clientName,
    application_type: readApplicationType(redirectUri),
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

/** The redirect's query as parameters: what the consent page sent back. */
export function readRedirectParameters(redirect: string): Record<string, string> {
  const url = new URL(redirect);
  return Object.fromEntries(url.searchParams);
}
