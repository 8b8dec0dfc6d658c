import { resolveClientMetadata, startAuthorization, type OAuthClientMetadata } from '@modelcontextprotocol/client';
import { CLIENT_ASSERTION_TYPE, type ClientPrivateKey } from './client-assertion.ts';

/**
 * The messages the client sends in the flow, built from what was discovered. Each is a
 * plain value the lifecycle records before it leaves.
 */

export type AuthorizationRequest = {
  clientId: string;
  redirectUri: string;
  state: string;
  resource: string;
  scopes: string[];
};

/**
 * The authorization endpoint's URL with the request in its query, and the PKCE verifier it
 * was made for (RFC 6749 §4.1.1, RFC 7636 §4, RFC 8707 §2): the MCP SDK's startAuthorization,
 * which also adds `prompt=consent` to a scope with offline_access, as OpenID Connect asks.
 * Of the metadata it reads the authorization endpoint (the gated one, given here) and two
 * lists it checks: S256 the flow has checked itself, as a step of its own, and `code` is
 * named since the flow asks for a code whatever response_types_supported says (the SDK
 * would throw on a list left out, which RFC 8414 requires but servers omit).
 */
export async function buildAuthorizationRequest({
  endpoints,
  issuer,
  request,
}: {
  endpoints: { authorization: string; token: string };
  issuer: string;
  request: AuthorizationRequest;
}): Promise<{ url: string; codeVerifier: string }> {
  const metadata = {
    issuer,
    authorization_endpoint: endpoints.authorization,
    token_endpoint: endpoints.token,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
  };
  const { authorizationUrl, codeVerifier } = await startAuthorization(issuer, {
    metadata,
    clientInformation: { client_id: request.clientId },
    redirectUrl: request.redirectUri,
    state: request.state,
    // The string as it is: a URL object would add a slash to a pathless resource.
    resource: request.resource,
    ...(request.scopes.length > 0 ? { scope: request.scopes.join(' ') } : {}),
  });
  return { url: authorizationUrl.href, codeVerifier };
}

/** `privateKey`: a machine client that authenticates by private_key_jwt (client-assertion.ts), in place of a secret. */
export type ClientCredentials = { clientId: string; clientSecret?: string; authMethod?: string; privateKey?: ClientPrivateKey };

/** The grants the host asks for: a person's consent (a code), a refresh, or a machine client's own credentials (SEP-1046). */
export type TokenGrant =
  | { type: 'authorization_code'; code: string; codeVerifier: string; redirectUri: string }
  | { type: 'refresh_token'; refreshToken: string }
  | { type: 'client_credentials'; scopes: string[] }
  /** RFC 7523 §2.1: an assertion as the grant; here the ID-JAG an enterprise's IdP issued (SEP-990). */
  | { type: 'jwt-bearer'; assertion: string; scopes: string[] };

const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * The token request's body and headers (RFC 6749 §4.1.3, §6; RFC 7636 §4.5; RFC 8707 §2.2).
 * A confidential client authenticates with HTTP Basic unless it registered client_secret_post.
 *
 * Not the MCP SDK's exchangeAuthorization and refreshAuthorization, though they take a
 * fetch: they refuse a plain-http token endpoint off loopback before sending (the URL gate
 * lets one through on an origin the learner chose, such as their own server on their
 * network), follow a same-origin redirect with a second request where the flow records
 * the one answer, and join id and secret for Basic without the form encoding RFC 6749
 * §2.3.1 asks (an id with a colon becomes another id).
 */
export function buildTokenRequest({
  grant,
  client,
  resource,
  assertion,
}: {
  grant: TokenGrant;
  client: ClientCredentials;
  resource: string;
  /** A signed private_key_jwt assertion (client-assertion.ts) for a client with a private key. */
  assertion?: string;
}): { body: string; headers: Record<string, string> } {
  const form = new URLSearchParams();
  form.set('grant_type', grant.type === 'jwt-bearer' ? JWT_BEARER_GRANT : grant.type);
  switch (grant.type) {
    case 'authorization_code':
      form.set('code', grant.code);
      form.set('code_verifier', grant.codeVerifier);
      form.set('redirect_uri', grant.redirectUri);
      break;
    case 'refresh_token':
      form.set('refresh_token', grant.refreshToken);
      break;
    case 'client_credentials':
      break;
    case 'jwt-bearer':
      form.set('assertion', grant.assertion);
      break;
    default: {
      const never: never = grant;
      throw new Error(`unknown grant ${JSON.stringify(never)}`);
    }
  }
  form.set('resource', resource);
  if ((grant.type === 'client_credentials' || grant.type === 'jwt-bearer') && grant.scopes.length > 0) form.set('scope', grant.scopes.join(' '));
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (assertion !== undefined) {
    // RFC 7523 §3 and the extension's example: the assertion's sub names the client, so no client_id.
    form.set('client_assertion_type', CLIENT_ASSERTION_TYPE);
    form.set('client_assertion', assertion);
  } else if (client.clientSecret !== undefined && client.authMethod !== 'client_secret_post') {
    // RFC 6749 §2.3.1: both parts are form-encoded before they are joined.
    headers.authorization = `Basic ${btoa(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`)}`;
  } else {
    form.set('client_id', client.clientId);
    if (client.clientSecret !== undefined) form.set('client_secret', client.clientSecret);
  }
  return { body: form.toString(), headers };
}

/**
 * The token exchange at an enterprise's identity provider (SEP-990, RFC 8693 §2.1): the
 * user's ID token from that IdP, exchanged for an Identity Assertion JWT Authorization
 * Grant (ID-JAG) for the MCP server's authorization server (`audience`, its issuer) and
 * the MCP server (`resource`).
 */
export function buildIdJagRequest({
  idToken,
  audience,
  resource,
  scopes,
  idpClientId,
}: {
  idToken: string;
  audience: string;
  resource: string;
  scopes: string[];
  idpClientId?: string;
}): { body: string; headers: Record<string, string> } {
  const form = new URLSearchParams({
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
    audience,
    resource,
    subject_token: idToken,
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
  });
  if (scopes.length > 0) form.set('scope', scopes.join(' '));
  if (idpClientId !== undefined) form.set('client_id', idpClientId);
  return { body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' } };
}

/**
 * What the host registers itself as (RFC 7591 §2): a public client with PKCE, so no secret.
 * The MCP SDK's resolveClientMetadata adds the SEP-837 application_type (required from
 * 2026-07-28, harmless before) from the redirect URI: "native" on the user's own machine
 * (the CLI's loopback redirect, npm start on localhost), "web" from another host. Sent by
 * the flow, not the SDK's registerClient, which refuses an answer without redirect_uris (a
 * schema error where the flow takes the client_id it was given) and follows a same-origin
 * redirect with a second POST.
 */
export function buildRegistrationRequest({ redirectUri, clientName }: { redirectUri: string; clientName: string }): OAuthClientMetadata {
  const clientMetadata = {
    client_name: clientName,
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  return resolveClientMetadata({ clientMetadata, redirectUrl: redirectUri });
}

/** The redirect's query as parameters: what the consent page sent back. */
export function readRedirectParameters(redirect: string): Record<string, string> {
  const url = new URL(redirect);
  return Object.fromEntries(url.searchParams);
}
