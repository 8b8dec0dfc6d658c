/* eslint-disable max-lines -- 458 lines once formatted: to be split by step (discovery, the client and its tokens, the flow) on the code of the client credentials grant and the RunSlice change, which landed as this branch split the older code (issue 37). */
import {
  buildAuthorizationRequest,
  buildRegistrationRequest,
  readRedirectParameters,
  type ClientCredentials,
  checkAuthorizationResponse,
  checkServerMetadata,
  chooseScopes,
  canServerFetchDocument,
  canonicalResource,
  isIssuerAtOrigin,
  isResourceForServer,
  listResourceMetadataUrls,
  listServerMetadataUrls,
  OAuthErrorSchema,
  RegistrationResponseSchema,
  ResourceMetadataSchema,
  ServerMetadataSchema,
  type ServerMetadata,
  createState,
  readBearerChallenge,
  type BearerChallenge,
} from '../mcp/index.ts';
import { REDACTED } from '../trace/index.ts';
import type { HttpExchange } from '../trace/index.ts';
import * as faults from './authorization-faults.ts';
import { recordOAuthStep, registerSecrets, sendOAuthRequest } from './authorization-exchange.ts';
import { obtainIdJag } from './authorization-enterprise.ts';
import { fail, keepTokens, requestToken, words, type AuthorizationContext } from './authorization-token.ts';
import { RunAborted } from './faults.ts';
import type { AuthorizationSettings } from './run-context.ts';
import { gateUrlOrStop } from './url-refusal.ts';
import type { Authorization, ServerEndpoints } from './run-state-types.ts';

export type { AuthorizationContext } from './authorization-token.ts';

/**
 * The MCP authorization flow as steps (the MCP spec's Authorization section, both eras):
 * the 401 and its challenge, the protected resource metadata, the authorization server's
 * metadata, the client's identity, the authorization request with PKCE and its consent,
 * the token request, then the MCP request again with the token. Later, a refresh when
 * the token is refused, and step-up when a scope is missing. Every check that fails ends
 * the run with its own explanation; the steps before it stay.
 */

export type { Authorization, ServerEndpoints } from './run-state-types.ts';

const serverUrlOf = (context: AuthorizationContext) => new URL(context.options.mcpUrl);

function describeChallenge(http: HttpExchange): { header?: string; challenge?: BearerChallenge } {
  const header = http.responseHeaders?.['www-authenticate'];
  const challenge = readBearerChallenge(header);
  return { ...(header !== undefined ? { header } : {}), ...(challenge ? { challenge } : {}) };
}

/** Said on the metadata read again after a refusal: whether the resource still names the server whose token was refused. */
function describeMove({ named, heldIssuer }: { named: string | undefined; heldIssuer: string | undefined }): string | undefined {
  if (heldIssuer === undefined || named === undefined) return undefined;
  if (named === heldIssuer) return `Read again after the refusal: the resource still names ${heldIssuer}, the server whose token was refused.`;
  return `Read again after the refusal: the resource now names ${named}, no longer ${heldIssuer}. A client identity belongs to the server that issued it (SEP-2352), so the host goes on with ${named} and a client identity of its own there.`;
}

/** Whether the run speaks 2026-07-28, which has no 2025-03-26 fallback and asks for a newer registration. */
const speaks2026 = (context: AuthorizationContext) => context.trace.mcp.protocolVersion === '2026-07-28' || context.options.era === '2026-07-28';

/** Said where no resource metadata was found and the host falls back to the 2025-03-26 revision's discovery. */
const ORIGIN_FALLBACK_NOTE =
  'No protected resource metadata at any address: the server may follow the 2025-03-26 revision, where the MCP server’s origin is its own authorization server, so the host looks for the authorization server’s metadata there (the MCP SDKs do the same).';

/**
 * The resource metadata the flow goes on with: its resource and first authorization server have passed the URL gate
 * (listResourceMetadataUrls says why not the SDK's discovery). Null when none was found and the era keeps the
 * 2025-03-26 fallback (discoverAtOrigin).
 */
async function fetchResourceMetadata(context: AuthorizationContext, challenge: BearerChallenge | undefined, heldIssuer: string | undefined) {
  const serverUrl = serverUrlOf(context);
  const named = challenge?.resourceMetadata !== undefined;
  const urls = listResourceMetadataUrls({ serverUrl, ...(named ? { resourceMetadata: challenge.resourceMetadata } : {}) });
  const source = named
    ? { field: 'resource_metadata', document: "the MCP server's WWW-Authenticate header" }
    : { field: 'well-known metadata address', document: 'the MCP server URL you gave' };
  for (const [index, text] of urls.entries()) {
    const url = gateUrlOrStop(context, { text, source });
    const answer = await sendOAuthRequest(context, {
      id: 'auth.resource-metadata',
      request: { url },
      describe: { GET: url, from: named ? 'resource_metadata in WWW-Authenticate' : 'the well-known address (RFC 9728 §3.1)' },
      what: 'the protected resource metadata',
    });
    const parsed = answer.status === 200 ? ResourceMetadataSchema.safeParse(answer.json) : undefined;
    const fallsBack = index === urls.length - 1 && !speaks2026(context);
    const next = fallsBack
      ? ORIGIN_FALLBACK_NOTE
      : index === urls.length - 1
        ? 'There is no other address to try.'
        : 'the host tries the next address the spec lists.';
    const note = parsed?.success
      ? describeMove({ named: parsed.data.authorization_servers?.[0], heldIssuer })
      : `No metadata here (HTTP ${answer.status ?? 'none'}): ${next}`;
    recordOAuthStep(context, 'auth.resource-metadata', { payload: answer.json ?? { status: answer.status }, http: answer.http, ...(note ? { note } : {}) });
    if (!parsed?.success) continue;
    const document = `the protected resource metadata at ${url}`;
    gateUrlOrStop(context, { text: parsed.data.resource, source: { field: 'resource', document } });
    if (!isResourceForServer({ resource: parsed.data.resource, serverUrl }))
      throw fail(context, faults.explainWrongResource({ ...words(context), serverUrl: context.trace.mcp.url, resource: parsed.data.resource }));
    const issuer = parsed.data.authorization_servers?.[0];
    // The issuer is compared as written with the server's own (RFC 8414 §3.3); the gate only says it may be followed.
    if (issuer !== undefined) gateUrlOrStop(context, { text: issuer, source: { field: 'authorization_servers[0]', document } });
    return parsed.data;
  }
  if (!speaks2026(context)) return null;
  throw fail(context, faults.explainNoResourceMetadata({ ...words(context), serverUrl: context.trace.mcp.url, tried: urls }));
}

/** `assumed`: the endpoints are the 2025-03-26 defaults, found in no document. */
type DiscoveredServer = { metadata: ServerMetadata; endpoints: ServerEndpoints; assumed?: boolean };

async function fetchServerMetadata(context: AuthorizationContext, issuer: string): Promise<DiscoveredServer> {
  const found = await findServerMetadata(context, issuer, () => issuer);
  if (found) return found;
  throw fail(context, faults.explainNoServerMetadata({ ...words(context), issuer, tried: listServerMetadataUrls(issuer) }));
}

/**
 * The authorization server's metadata at the addresses built on `issuer`, checked (issuer, PKCE), or undefined when
 * none is there. `issuerToMatch` gives the issuer the document must name, from the one it names.
 *
 * Each address a step, as the spec orders them (the MCP SDK's list). Not the SDK's
 * discoverAuthorizationServerMetadata: it parses the document before the URL gate sees its
 * endpoints (a `javascript:` authorization_endpoint is a schema error, not the gate's step
 * naming the field, issue 36), requires response_types_supported, stops at a 5xx where the
 * flow tries the next address, and takes an issuer that differs by a trailing slash (here
 * only the 2025-03-26 fallback's origin may be written with one: discoverAtOrigin).
 */
async function findServerMetadata(
  context: AuthorizationContext,
  issuer: string,
  issuerToMatch: (named: string) => string,
  noteOn?: (named: string) => string | undefined,
): Promise<DiscoveredServer | undefined> {
  const urls = listServerMetadataUrls(issuer);
  for (const text of urls) {
    const url = gateUrlOrStop(context, { text, source: { field: 'metadata address', document: `the issuer ${issuer}` } });
    const answer = await sendOAuthRequest(context, {
      id: 'auth.server-metadata',
      request: { url },
      describe: { GET: url, issuer },
      what: "the authorization server's metadata",
    });
    const parsed = answer.status === 200 ? ServerMetadataSchema.safeParse(answer.json) : undefined;
    const note = parsed?.success
      ? noteOn?.(parsed.data.issuer)
      : `No metadata here (HTTP ${answer.status ?? 'none'}): the host tries the next address (RFC 8414, then OpenID discovery).`;
    recordOAuthStep(context, 'auth.server-metadata', { payload: answer.json ?? { status: answer.status }, http: answer.http, ...(note ? { note } : {}) });
    if (!parsed?.success) continue;
    const problem = checkServerMetadata({ metadata: parsed.data, issuer: issuerToMatch(parsed.data.issuer) });
    if (problem?.kind === 'wrong-issuer')
      throw fail(context, faults.explainWrongIssuer({ ...words(context), expected: issuer, got: problem.got, where: 'metadata' }));
    // PKCE protects a code; a machine client's grant has none.
    if (problem?.kind === 'no-pkce' && !context.options.authorization?.machineClient)
      throw fail(context, faults.explainNoPkce({ ...words(context), issuer, methods: problem.methods }));
    return { metadata: parsed.data, endpoints: gateEndpoints(context, { metadata: parsed.data, document: `the authorization server's metadata at ${url}` }) };
  }
  return undefined;
}

/**
 * No protected resource metadata, in the 2025-11-25 era: the 2025-03-26 revision's discovery, kept by MCP clients for
 * servers written to it. The MCP server's origin is its own authorization server: its RFC 8414 metadata at the origin's
 * well-known address, else the default endpoints there. That revision finds the document by the MCP server's origin,
 * not by an issuer, so the issuer it names may be any on that origin (`/`, or a path such as `/oauth` where the
 * server mounts its endpoints: the conformance suite 0.1.16's auth/2025-03-26-oauth-metadata-backcompat); RFC 8414
 * §3.3's exact match guards against another server posing as the one looked up, and a document on the same origin
 * speaks for that origin. An issuer on another origin is still refused.
 */
async function discoverAtOrigin(context: AuthorizationContext): Promise<DiscoveredServer & { issuer: string }> {
  const origin = serverUrlOf(context).origin;
  const sameOrigin = (named: string) => isIssuerAtOrigin({ issuer: named, origin });
  const noteOn = (named: string) =>
    sameOrigin(named) && named !== origin
      ? `The document names the issuer ${named}, on the MCP server’s own origin: the 2025-03-26 revision finds this document by that origin, not by an issuer, so the host takes it as the issuer from here on (another origin would be refused, RFC 8414 §3.3).`
      : undefined;
  const found = await findServerMetadata(context, origin, (named) => (sameOrigin(named) ? named : origin), noteOn);
  if (found) return { issuer: found.metadata.issuer, ...found };
  const metadata: ServerMetadata = {
    issuer: origin,
    authorization_endpoint: `${origin}/authorize`,
    token_endpoint: `${origin}/token`,
    registration_endpoint: `${origin}/register`,
    code_challenge_methods_supported: ['S256'],
  };
  recordOAuthStep(context, 'auth.server-metadata', {
    payload: { defaults: metadata },
    note: 'No metadata at the origin either: the host uses the endpoints the 2025-03-26 revision gives a server without metadata (/authorize, /token and /register at its origin), with PKCE, which that revision asks of every client.',
  });
  return { issuer: origin, metadata, endpoints: gateEndpoints(context, { metadata, document: 'the 2025-03-26 revision’s default endpoints' }), assumed: true };
}

/** Every endpoint the flow may follow, through the URL gate before any is opened or fetched: one refused ends the flow. */
function gateEndpoints(context: AuthorizationContext, { metadata, document }: { metadata: ServerMetadata; document: string }): ServerEndpoints {
  const gate = (field: string, text: string) => gateUrlOrStop(context, { text, source: { field, document } });
  const authorization = gate('authorization_endpoint', metadata.authorization_endpoint);
  const token = gate('token_endpoint', metadata.token_endpoint);
  return {
    authorization,
    token,
    ...(metadata.registration_endpoint !== undefined ? { registration: gate('registration_endpoint', metadata.registration_endpoint) } : {}),
  };
}

/** A machine client's pre-registered identity (SEP-1046 uses no registration): its secret or private key a run secret, shown [redacted]. */
async function identifyMachineClient(
  context: AuthorizationContext,
  { clientId, clientSecret, privateKey, enterprise }: NonNullable<AuthorizationSettings['machineClient']>,
): Promise<ClientCredentials> {
  registerSecrets(context, [clientSecret, privateKey?.pem, enterprise?.idToken]);
  const authentication = privateKey
    ? { token_endpoint_auth_method: 'private_key_jwt', private_key: REDACTED, alg: privateKey.algorithm }
    : clientSecret
      ? { token_endpoint_auth_method: 'client_secret_basic', client_secret: REDACTED }
      : { token_endpoint_auth_method: 'none' };
  const method = enterprise
    ? 'pre-registered client, enterprise-managed authorization (ID-JAG and jwt-bearer grant, SEP-990)'
    : 'pre-registered machine client (client credentials grant, SEP-1046)';
  await context.hostStep('auth.client-id', { payload: { method, client_id: clientId, ...authentication } });
  return { clientId, ...(clientSecret ? { clientSecret } : {}), ...(privateKey ? { privateKey } : {}) };
}

/** The MCP spec's order: a client id given, a Client ID Metadata Document, then dynamic registration. */
async function identifyClient(context: AuthorizationContext, { metadata, endpoints, assumed }: DiscoveredServer, issuer: string): Promise<ClientCredentials> {
  const settings = context.options.authorization!;
  if (settings.machineClient) return identifyMachineClient(context, settings.machineClient);
  if (settings.clientId) {
    registerSecrets(context, [settings.clientSecret]);
    await context.hostStep('auth.client-id', {
      payload: { method: 'pre-registered', client_id: settings.clientId, ...(settings.clientSecret ? { client_secret: REDACTED } : {}) },
    });
    return { clientId: settings.clientId, ...(settings.clientSecret ? { clientSecret: settings.clientSecret } : {}) };
  }
  const documentReachable = settings.clientMetadataUrl !== undefined && canServerFetchDocument({ documentUrl: settings.clientMetadataUrl, issuer });
  if (metadata.client_id_metadata_document_supported && settings.clientMetadataUrl && documentReachable) {
    await context.hostStep('auth.client-id', {
      payload: {
        method: 'Client ID Metadata Document',
        client_id: settings.clientMetadataUrl,
        why: 'the server supports client_id_metadata_document_supported: the client_id is the URL of the document where the explorer describes itself',
      },
    });
    return { clientId: settings.clientMetadataUrl };
  }
  if (!endpoints.registration) throw fail(context, faults.explainNoClientIdentity({ ...words(context), issuer }));
  const registration = buildRegistrationRequest({ redirectUri: settings.redirectUri, clientName: 'MCP Lifecycle Explorer' });
  const body = JSON.stringify(registration);
  const answer = await sendOAuthRequest(context, {
    id: 'auth.client-registration',
    request: { url: endpoints.registration, method: 'POST', headers: { 'content-type': 'application/json' }, body },
    describe: registration,
    what: 'the registration endpoint',
  });
  const parsed = RegistrationResponseSchema.safeParse(answer.json);
  if (parsed.success) registerSecrets(context, [parsed.data.client_secret]);
  const deprecated = speaks2026(context)
    ? ' The 2026-07-28 era marks dynamic registration deprecated: a server should offer Client ID Metadata Documents.'
    : '';
  const why =
    metadata.client_id_metadata_document_supported && settings.clientMetadataUrl
      ? `The server supports Client ID Metadata Documents, but the explorer's, ${settings.clientMetadataUrl}, is on this machine where that server cannot fetch it, so the client registered itself (RFC 7591).`
      : 'No Client ID Metadata Document support, so the client registered itself (RFC 7591).';
  recordOAuthStep(context, 'auth.client-registration', { payload: answer.json ?? { status: answer.status }, http: answer.http, note: `${why}${deprecated}` });
  if (!parsed.success || answer.status === undefined || answer.status >= 300) {
    if (assumed)
      throw fail(
        context,
        faults.explainNoAuthorizationFound({
          ...words(context),
          serverUrl: context.trace.mcp.url,
          registration: endpoints.registration,
          status: answer.status,
        }),
      );
    const error = OAuthErrorSchema.safeParse(answer.json);
    throw fail(
      context,
      faults.explainRegistrationRefused({ ...words(context), status: answer.status, error: error.success ? error.data.error : 'no client_id in the answer' }),
    );
  }
  return {
    clientId: parsed.data.client_id,
    ...(parsed.data.client_secret ? { clientSecret: parsed.data.client_secret } : {}),
    ...(parsed.data.token_endpoint_auth_method ? { authMethod: parsed.data.token_endpoint_auth_method } : {}),
  };
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
