import { buildRegistrationRequest, canServerFetchDocument, OAuthErrorSchema, RegistrationResponseSchema, type ClientCredentials } from '../mcp/index.ts';
import { REDACTED } from '../trace/index.ts';
import * as faults from './authorization-faults.ts';
import { speaks2026, type DiscoveredServer } from './authorization-discovery.ts';
import { recordOAuthStep, registerSecrets, sendOAuthRequest } from './authorization-exchange.ts';
import { fail, words, type AuthorizationContext } from './authorization-token.ts';
import type { AuthorizationSettings } from './run-context.ts';

/** The client's identity at an authorization server, as a step: given, a Client ID Metadata Document, or registered. */

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
export async function identifyClient(
  context: AuthorizationContext,
  { metadata, endpoints, assumed }: DiscoveredServer,
  issuer: string,
): Promise<ClientCredentials> {
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
