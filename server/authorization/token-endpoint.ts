import { TOOLS_SCOPE, type SandboxFault } from '../../src/trace/index.ts';
import { matchesCodeChallenge } from './pkce.ts';
import { readBoundedBody } from '../shared/index.ts';
import { oauthError, sandboxJson } from './sandbox-responses.ts';
import { createOpaqueValue, type Grant, type SandboxStore } from './sandbox-store.ts';
import { describeSandboxUrls } from './sandbox-urls.ts';

/**
 * The token endpoint: an authorization code (with its PKCE verifier) or a refresh token
 * for an access token. Every value the code was bound to is checked again here: the
 * client, the redirect URI, the resource (RFC 8707) and the verifier. Codes work once;
 * refresh tokens are rotated, as OAuth 2.1 asks for public clients.
 */

type Place = { origin: string; basePath: string; fault: SandboxFault | undefined };
export type TokenContext = { request: Request; store: SandboxStore; place: Place };

const MAX_FORM_BYTES = 8192;

export async function serveToken({ request, store, place }: TokenContext): Promise<Response> {
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded'))
    return oauthError(400, 'invalid_request', 'The token request must be an application/x-www-form-urlencoded form (RFC 6749 §4.1.3).');
  const read = await readBoundedBody(request, MAX_FORM_BYTES);
  if (read.kind !== 'text') return oauthError(400, 'invalid_request', `The token request could not be read, or is over ${MAX_FORM_BYTES} bytes.`);
  const form = new URLSearchParams(read.text);
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') return redeemCode({ form, store, place });
  if (grantType === 'refresh_token') return redeemRefreshToken({ form, store, place });
  return oauthError(400, 'unsupported_grant_type', `grant_type ${grantType ?? '(none)'} is not served here: use authorization_code or refresh_token.`);
}

async function redeemCode({ form, store, place }: { form: URLSearchParams; store: SandboxStore; place: Place }): Promise<Response> {
  const codeValue = form.get('code') ?? '';
  const code = store.codes.peek(codeValue);
  // A code works once, whatever the outcome, so one that leaked cannot be tried again.
  store.codes.delete(codeValue);
  if (!code || code.fault !== place.fault) return oauthError(400, 'invalid_grant', 'The authorization code is unknown or was already used.');
  if (code.expiresAt <= store.now())
    return oauthError(400, 'invalid_grant', `The authorization code expired (codes last ${Math.round(store.limits.codeLifetimeMs / 1000)} s).`);
  const clientId = form.get('client_id');
  if (!clientId) return oauthError(400, 'invalid_request', 'client_id is required: this server issues no client secrets, so the form names the client.');
  if (clientId !== code.clientId) return oauthError(400, 'invalid_grant', 'The authorization code was issued to another client.');
  if (form.get('redirect_uri') !== code.redirectUri)
    return oauthError(400, 'invalid_grant', 'redirect_uri differs from the one the authorization request named.');
  const resource = form.get('resource') ?? code.resource;
  if (resource !== code.resource)
    return oauthError(400, 'invalid_target', `The resource ${resource} is not the one the code was issued for, ${code.resource}.`);
  const verifier = form.get('code_verifier');
  if (!verifier) return oauthError(400, 'invalid_request', 'code_verifier is required: PKCE is not optional here.');
  if (!(await matchesCodeChallenge({ verifier, challenge: code.codeChallenge })))
    return oauthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge of the authorization request.');
  let scopes = code.scopes;
  // missing-scope: a client's first token lacks mcp:tools, so the MCP endpoint asks for step-up.
  if (place.fault === 'missing-scope' && !store.shortScopeClients.get(code.clientId)) {
    store.shortScopeClients.set(code.clientId, { at: store.now() });
    scopes = scopes.filter((scope) => scope !== TOOLS_SCOPE);
  }
  return issueTokens({ grant: { fault: code.fault, clientId, resource, scopes }, store, place, fromCode: true });
}

function redeemRefreshToken({ form, store, place }: { form: URLSearchParams; store: SandboxStore; place: Place }): Response {
  const value = form.get('refresh_token') ?? '';
  const grant = store.refreshTokens.get(value);
  if (!grant || grant.fault !== place.fault)
    return oauthError(400, 'invalid_grant', 'The refresh token is unknown, expired or already used (each is replaced by the next).');
  if (form.get('client_id') !== grant.clientId) return oauthError(400, 'invalid_grant', 'The refresh token was issued to another client.');
  const resource = form.get('resource') ?? grant.resource;
  if (resource !== grant.resource) return oauthError(400, 'invalid_target', `The resource ${resource} is not the one the grant is for, ${grant.resource}.`);
  const asked = (form.get('scope') ?? '').split(' ').filter((scope) => scope !== '');
  const wider = asked.filter((scope) => !grant.scopes.includes(scope));
  if (wider.length > 0)
    return oauthError(
      400,
      'invalid_scope',
      `A refresh cannot widen the grant (RFC 6749 §6): ${wider.join(' ')} was not granted. Ask for it with a new authorization request.`,
    );
  store.refreshTokens.delete(value);
  return issueTokens({ grant: { ...grant, scopes: asked.length > 0 ? asked : grant.scopes }, store, place, fromCode: false });
}

function issueTokens({ grant, store, place, fromCode }: { grant: Grant; store: SandboxStore; place: Place; fromCode: boolean }): Response {
  const accessToken = createOpaqueValue();
  const refreshToken = createOpaqueValue();
  // expired-token: the first access token is dead on arrival, so the client must use its refresh token.
  const lifetimeMs = place.fault === 'expired-token' && fromCode ? 0 : store.limits.accessTokenLifetimeMs;
  // wrong-resource: the token names another audience, which the MCP endpoint refuses.
  const audience = place.fault === 'wrong-resource' ? describeOtherResource(place) : grant.resource;
  store.accessTokens.set(accessToken, { ...grant, resource: audience }, lifetimeMs);
  store.refreshTokens.set(refreshToken, grant, store.limits.refreshTokenLifetimeMs);
  return sandboxJson(200, {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: Math.floor(lifetimeMs / 1000),
    refresh_token: refreshToken,
    scope: grant.scopes.join(' '),
  });
}

/** The audience of a wrong-resource token: the toolbox endpoint beside the protected one, a real resource but not this one. */
function describeOtherResource(place: Place): string {
  return describeSandboxUrls({ ...place, fault: undefined }).resource.replace(/\/mcp\/protected$/, '/mcp/toolbox');
}
