import {
  buildAuthorizationRequest,
  canonicalResource,
  checkAuthorizationResponse,
  chooseScopes,
  createState,
  readBearerChallenge,
  readRedirectParameters,
  type BearerChallenge,
  type ClientCredentials,
  type ServerMetadata,
} from '../mcp/index.ts';
import { REDACTED, type HttpExchange } from '../trace/index.ts';
import { identifyClient } from './authorization-client.ts';
import { discoverAtOrigin, fetchResourceMetadata, fetchServerMetadata, serverUrlOf } from './authorization-discovery.ts';
import { obtainIdJag } from './authorization-enterprise.ts';
import * as faults from './authorization-faults.ts';
import { recordOAuthStep, registerSecrets } from './authorization-exchange.ts';
import { fail, keepTokens, requestToken, words, type AuthorizationContext } from './authorization-token.ts';
import { RunAborted } from './faults.ts';
import type { Authorization, ServerEndpoints } from './run-state-types.ts';
import { gateUrlOrStop } from './url-refusal.ts';

export type { AuthorizationContext } from './authorization-token.ts';
export type { Authorization, ServerEndpoints } from './run-state-types.ts';

/**
 * The MCP authorization flow as steps (the MCP spec's Authorization section, both eras):
 * the 401 and its challenge, the protected resource metadata, the authorization server's
 * metadata, the client's identity, the authorization request with PKCE and its consent,
 * the token request, then the MCP request again with the token. Later, a refresh when
 * the token is refused, and step-up when a scope is missing. Every check that fails ends
 * the run with its own explanation; the steps before it stay.
 *
 * Discovery is in authorization-discovery.ts, the client's identity in authorization-client.ts,
 * the token requests in authorization-token.ts.
 */

function describeChallenge(http: HttpExchange): { header?: string; challenge?: BearerChallenge } {
  const header = http.responseHeaders?.['www-authenticate'];
  const challenge = readBearerChallenge(header);
  return { ...(header !== undefined ? { header } : {}), ...(challenge ? { challenge } : {}) };
}

/** The authorization request, the consent in the user's browser, and the checked redirect back: a code. */
async function obtainCode(
  context: AuthorizationContext,
  {
    metadata,
    endpoints,
    issuer,
    client,
    resource,
    scopes,
  }: { metadata: ServerMetadata; endpoints: ServerEndpoints; issuer: string; client: ClientCredentials; resource: string; scopes: string[] },
) {
  const settings = context.options.authorization!;
  const state = createState();
  const built = await buildAuthorizationRequest({
    endpoints,
    issuer,
    request: { clientId: client.clientId, redirectUri: settings.redirectUri, state, resource, scopes },
  });
  const { codeVerifier } = built;
  registerSecrets(context, [codeVerifier]);
  // Built on a gated endpoint, so it passes; gated again so the type says so, and so that a query grown past the gate's bound is refused.
  const authorizationUrl = gateUrlOrStop(context, {
    text: built.url,
    source: { field: 'authorization request', document: 'the URL the host built on the authorization_endpoint' },
  });
  await context.hostStep('auth.authorization-request', {
    payload: {
      url: authorizationUrl,
      parameters: Object.fromEntries(new URL(authorizationUrl).searchParams),
      code_verifier: `${settings.showSecrets ? codeVerifier : REDACTED} (kept by the client; only its SHA-256 travels)`,
    },
  });
  let redirect: string;
  try {
    redirect = await settings.obtainConsent({ authorizationUrl, redirectUri: settings.redirectUri, state, signal: context.signal });
  } catch (error) {
    if (context.signal.aborted) throw new RunAborted();
    throw fail(context, faults.explainConsentFailed({ ...words(context), reason: error instanceof Error ? error.message : String(error) }));
  }
  const parameters = readRedirectParameters(redirect);
  registerSecrets(context, [parameters.code]);
  const problem = checkAuthorizationResponse({ parameters, state, issuer, issRequired: metadata.authorization_response_iss_parameter_supported === true });
  const checked = {
    state: parameters.state === state ? 'the one sent' : 'not the one sent',
    iss: parameters.iss === undefined ? 'not given' : parameters.iss === issuer ? 'this issuer' : 'another issuer',
  };
  recordOAuthStep(context, 'auth.authorization-response', { payload: { redirect, parameters, checked } });
  if (problem?.kind === 'state-mismatch') throw fail(context, faults.explainStateMismatch(words(context)));
  if (problem?.kind === 'wrong-issuer')
    throw fail(context, faults.explainWrongIssuer({ ...words(context), expected: issuer, got: problem.got, where: 'redirect' }));
  if (problem?.kind === 'denied')
    throw fail(
      context,
      faults.explainAuthorizationDenied({ ...words(context), error: problem.error, ...(problem.description ? { description: problem.description } : {}) }),
    );
  if (problem?.kind === 'no-code' || !parameters.code) throw fail(context, faults.explainNoCode(words(context)));
  return { code: parameters.code, codeVerifier };
}

/**
 * The whole flow after a 401 (or a 403 insufficient_scope, for step-up): a token is held
 * in the run's state when it returns, and a step says the request goes again with it.
 */
export async function authorizeAfterRefusal(context: AuthorizationContext, refused: HttpExchange): Promise<void> {
  const { header, challenge } = describeChallenge(refused);
  const stepUp = refused.status === 403;
  recordOAuthStep(context, stepUp ? 'auth.step-up' : 'auth.challenge', {
    payload: {
      status: refused.status,
      'www-authenticate': header ?? '(none: the host looks for the metadata at the well-known addresses)',
      ...(challenge ? { challenge } : {}),
    },
    http: refused,
  });
  const previous = context.state.authorization;
  // A token just refreshed and refused on its first use: another refresh would be refused too.
  const refusedAfterRefresh =
    previous !== undefined && !stepUp && challenge?.error === 'invalid_token' && previous.obtainedBy === 'refresh' && !previous.accepted;
  if (previous && !stepUp && !refusedAfterRefresh && previous.refreshToken && challenge?.error === 'invalid_token') {
    const tokens = await requestToken(context, {
      id: 'auth.refresh',
      endpoints: previous.endpoints,
      issuer: previous.issuer,
      client: previous.client,
      resource: previous.resource,
      grant: { type: 'refresh_token', refreshToken: previous.refreshToken },
    });
    keepTokens(context, { base: previous, tokens, previous, obtainedBy: 'refresh' });
  } else {
    await authorizeWithCode(context, { challenge, previous, stepUp, refusedAfterRefresh, status: refused.status ?? 401 });
  }
  await context.hostStep('auth.retry', {
    payload: {
      action: 'send the refused MCP request again',
      authorization: `Bearer ${REDACTED}`,
      note: context.options.authorization?.showSecrets
        ? 'a sandbox token: its value is shown in the token step'
        : 'the token is a secret: it goes to the MCP server only',
    },
  });
}

/**
 * A new token by the authorization code: a step-up asks the server that gave the token for
 * more scopes; any other refusal reads the resource metadata again, since the resource may
 * have moved to another authorization server, whose own client identity is then used, or
 * registered (SEP-2352: credentials are bound to the server that issued them).
 */
async function authorizeWithCode(
  context: AuthorizationContext,
  {
    challenge,
    previous,
    stepUp,
    refusedAfterRefresh,
    status,
  }: { challenge: BearerChallenge | undefined; previous: Authorization | undefined; stepUp: boolean; refusedAfterRefresh: boolean; status: number },
): Promise<void> {
  const resourceMetadata = stepUp && previous ? undefined : await fetchResourceMetadata(context, challenge, previous?.issuer);
  const atOrigin = resourceMetadata === null ? await discoverAtOrigin(context) : undefined;
  // The metadata's resource, once checked to be this server's, is the identifier (RFC 9728 §3.3, as the MCP SDK uses it): it may keep a query the canonical URI drops.
  const resource = resourceMetadata?.resource ?? previous?.resource ?? canonicalResource(serverUrlOf(context));
  const issuer = atOrigin ? atOrigin.issuer : resourceMetadata ? resourceMetadata.authorization_servers?.[0] : previous?.issuer;
  if (!issuer) throw fail(context, faults.explainNoAuthorizationServer({ ...words(context), serverUrl: context.trace.mcp.url }));
  const held = previous?.issuer === issuer ? previous : undefined;
  if (refusedAfterRefresh && held)
    throw fail(
      context,
      faults.explainStillRefused({
        ...words(context),
        serverUrl: context.trace.mcp.url,
        status,
        ...(challenge?.errorDescription ? { description: challenge.errorDescription } : {}),
      }),
    );
  const discovered = held ?? atOrigin ?? (await fetchServerMetadata(context, issuer));
  const client = context.state.clientsByIssuer.get(issuer) ?? (await identifyClient(context, discovered, issuer));
  context.state.clientsByIssuer.set(issuer, client);
  // Step-up keeps the scopes held and adds those the challenge names (the MCP spec's scope challenge).
  const scopes = stepUp
    ? [...new Set([...(previous?.scopes ?? []), ...(challenge?.scope ?? [])])]
    : chooseScopes({
        ...(challenge?.scope ? { challenged: challenge.scope } : {}),
        ...(resourceMetadata?.scopes_supported ? { supported: resourceMetadata.scopes_supported } : {}),
      });
  const { metadata, endpoints } = discovered;
  const machine = context.options.authorization!.machineClient;
  if (machine) {
    const enterprise = machine.enterprise;
    const grant = enterprise
      ? { type: 'jwt-bearer' as const, assertion: await obtainIdJag(context, { enterprise, issuer, resource, scopes }), scopes }
      : { type: 'client_credentials' as const, scopes };
    const tokens = await requestToken(context, { id: enterprise ? 'auth.jwt-bearer' : 'auth.client-credentials', endpoints, issuer, client, resource, grant });
    keepTokens(context, { base: { issuer, metadata, endpoints, client, resource, scopes }, tokens, previous: held, obtainedBy: 'machine-client' });
    return;
  }
  const { code, codeVerifier } = await obtainCode(context, { metadata, endpoints, issuer, client, resource, scopes });
  const tokens = await requestToken(context, {
    id: 'auth.token-request',
    endpoints,
    issuer,
    client,
    resource,
    grant: { type: 'authorization_code', code, codeVerifier, redirectUri: context.options.authorization!.redirectUri },
  });
  // A refresh token of another server is no use here.
  keepTokens(context, { base: { issuer, metadata, endpoints, client, resource, scopes }, tokens, previous: held, obtainedBy: 'code' });
}
