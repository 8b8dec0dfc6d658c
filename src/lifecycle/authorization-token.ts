import {
  buildTokenRequest,
  type ClientCredentials,
  type TokenGrant,
  checkTokenResponse,
  readExpiry,
  readAssertionClaims,
  signClientAssertion,
  OAuthErrorSchema,
  TokenResponseSchema,
  type TokenResponse,
} from '../mcp/index.ts';
import type { Fault } from '../trace/index.ts';
import * as faults from './authorization-faults.ts';
import { recordOAuthStep, registerSecrets, sendOAuthRequest, type OAuthExchangeContext } from './authorization-exchange.ts';
import { HostFault } from './faults.ts';
import type { RunSlice } from './run-context.ts';
import type { UrlGateContext } from './url-refusal.ts';
import type { Authorization, ServerEndpoints } from './run-state-types.ts';

/**
 * The token endpoint's part of the authorization flow: a token request for each grant
 * (a code, a refresh token, a machine client's own credentials), its checked answer, and
 * the token kept for the rest of the run.
 */

/** What the authorization flow needs: its settings, the server, the exchanges, and the tokens it keeps in the state. */
export type AuthorizationContext = OAuthExchangeContext &
  UrlGateContext &
  RunSlice<'say' | 'trace' | 'hostStep' | 'signal', 'authorization' | 'mcpUrl' | 'era', 'phase' | 'authorization' | 'clientsByIssuer'>;

export const fail = (context: AuthorizationContext, fault: Fault) => new HostFault(fault, context.state.phase);
/** A fault's words for where it is read, and whether the run is against the sandbox (only then its switches are named). */
export const words = (context: AuthorizationContext) => ({ say: context.say, sandbox: context.options.authorization?.showSecrets === true });

/** Said on a machine client's token step: why no person took part. */
const CLIENT_CREDENTIALS_NOTE =
  'A machine client (the MCP client credentials extension, SEP-1046): no person, no consent page and no registration; the client proves itself to the token endpoint with the credentials its operator registered beforehand.';

/** Said on the jwt-bearer step of enterprise-managed authorization. */
const JWT_BEARER_NOTE =
  'The ID-JAG from the identity provider is the grant (RFC 7523 jwt-bearer), and the client authenticates with its own credentials: the authorization server trusts the IdP’s word that the user may use this client here.';

/**
 * A private_key_jwt client signs a fresh assertion for each request, for this issuer and
 * token endpoint; the assertion becomes a run secret before any step holds it, and its
 * claims (not its signature) are shown.
 */
async function authenticate(
  context: AuthorizationContext,
  { client, issuer, tokenEndpoint }: { client: ClientCredentials; issuer: string; tokenEndpoint: string },
) {
  if (!client.privateKey) return undefined;
  const assertion = await signClientAssertion({ clientId: client.clientId, privateKey: client.privateKey, audience: issuer, tokenEndpoint });
  registerSecrets(context, [assertion]);
  return { assertion, shown: { method: 'private_key_jwt (RFC 7523 §2.2)', alg: client.privateKey.algorithm, claims: readAssertionClaims(assertion) } };
}

/** Sends a token request and checks the answer. */
export async function requestToken(
  context: AuthorizationContext,
  {
    id,
    endpoints,
    issuer,
    client,
    resource,
    grant,
  }: {
    id: 'auth.token-request' | 'auth.refresh' | 'auth.client-credentials' | 'auth.jwt-bearer';
    endpoints: ServerEndpoints;
    issuer: string;
    client: ClientCredentials;
    resource: string;
    grant: TokenGrant;
  },
): Promise<TokenResponse> {
  const authentication = await authenticate(context, { client, issuer, tokenEndpoint: endpoints.token });
  const request = buildTokenRequest({ grant, client, resource, ...(authentication ? { assertion: authentication.assertion } : {}) });
  const sent = Object.fromEntries(new URLSearchParams(request.body));
  const answer = await sendOAuthRequest(context, {
    id,
    request: { url: endpoints.token, method: 'POST', headers: request.headers, body: request.body },
    describe: sent,
    what: 'the token endpoint',
  });
  const tokens = answer.status === 200 ? TokenResponseSchema.safeParse(answer.json) : undefined;
  if (tokens?.success) registerSecrets(context, [tokens.data.access_token, tokens.data.refresh_token, tokens.data.id_token]);
  const checks = tokens?.success
    ? {
        token_type: tokens.data.token_type,
        expires_in: tokens.data.expires_in ?? 'not given',
        refresh_token: tokens.data.refresh_token ? 'given' : 'none',
        scope: tokens.data.scope ?? 'not given',
      }
    : undefined;
  const note = grant.type === 'client_credentials' ? { note: CLIENT_CREDENTIALS_NOTE } : grant.type === 'jwt-bearer' ? { note: JWT_BEARER_NOTE } : {};
  recordOAuthStep(context, id, {
    payload: {
      sent,
      ...(authentication ? { authentication: authentication.shown } : {}),
      answer: answer.json ?? { status: answer.status },
      ...(checks ? { checked: checks } : {}),
    },
    http: answer.http,
    ...note,
  });
  if (!tokens?.success) {
    const error = OAuthErrorSchema.safeParse(answer.json);
    throw fail(
      context,
      faults.explainTokenRefused({
        ...words(context),
        status: answer.status,
        error: error.success ? error.data.error : 'no access_token in the answer',
        ...(error.success && error.data.error_description ? { description: error.data.error_description } : {}),
      }),
    );
  }
  const problem = checkTokenResponse(tokens.data);
  if (problem) throw fail(context, faults.explainNotBearer({ ...words(context), tokenType: problem.tokenType }));
  return tokens.data;
}

type AuthorizationBase = Omit<Authorization, 'accessToken' | 'refreshToken' | 'expiresAt' | 'obtainedBy'>;

export function keepTokens(
  context: AuthorizationContext,
  {
    base,
    tokens,
    previous,
    obtainedBy,
  }: { base: AuthorizationBase; tokens: TokenResponse; previous: Authorization | undefined; obtainedBy: Authorization['obtainedBy'] },
): Authorization {
  const expiresAt = readExpiry({ tokens, now: Date.now() });
  const refreshToken = tokens.refresh_token ?? previous?.refreshToken;
  const kept: Authorization = {
    issuer: base.issuer,
    metadata: base.metadata,
    endpoints: base.endpoints,
    client: base.client,
    resource: base.resource,
    scopes: base.scopes,
    accessToken: tokens.access_token,
    obtainedBy,
    ...(refreshToken ? { refreshToken } : {}),
    ...(expiresAt !== undefined ? { expiresAt } : {}),
  };
  context.state.authorization = kept;
  return kept;
}
