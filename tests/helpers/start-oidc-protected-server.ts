import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { McpServer, OAuthError, OAuthErrorCode, createMcpHandler, oauthMetadataResponse, requireBearerAuth, type AuthInfo } from '@modelcontextprotocol/server';
import Provider from 'oidc-provider';
import { z } from 'zod';
import { forwardRequest } from './forward-request.ts';

/**
 * An MCP server protected by an authorization server we did not write: oidc-provider
 * (OpenID-certified) on its own loopback port, with dynamic registration, PKCE and
 * resource indicators, and a v2 SDK MCP server that checks tokens with the SDK's
 * requireBearerAuth and serves its RFC 9728 metadata with oauthMetadataResponse. The
 * verifier reads the token from the provider's own store, as introspection would.
 */

export const MCP_SCOPE = 'mcp:tools';

export type OidcProtectedServer = {
  mcpUrl: string;
  issuer: string;
  /** Every Authorization header the MCP server received, in order. */
  receivedAuthorization: (string | undefined)[];
  /** The access tokens the MCP server accepted, in order. */
  acceptedTokens: string[];
  close: () => Promise<void>;
};

type Listening = { url: string; close: () => Promise<void> };

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<Listening> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The user at the consent page: signs in as "learner" and grants what the request asks. */
async function completeInteraction(provider: Provider, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(request, response, { login: { accountId: 'learner' } }, { mergeWithLastSubmission: false });
    return;
  }
  const grant =
    (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
    new provider.Grant({ accountId: details.session?.accountId ?? 'learner', clientId: details.params.client_id ?? '' });
  const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details;
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
  if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
  const grantId = await grant.save();
  await provider.interactionFinished(request, response, { consent: details.grantId ? {} : { grantId } }, { mergeWithLastSubmission: true });
}

const DiscoverySchema = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  response_types_supported: z.array(z.string()),
});

/**
 * A machine client the operator registered (the client credentials grant, SEP-1046): with
 * a secret (client_secret_basic) or a public key (private_key_jwt, its JWK).
 */
export type MachineClient = { clientId: string; clientSecret: string } | { clientId: string; publicJwk: JsonWebKey };

function registerMachineClient(client: MachineClient): Record<string, unknown> {
  const common = { client_id: client.clientId, grant_types: ['client_credentials'], response_types: [], redirect_uris: [], scope: MCP_SCOPE };
  if ('clientSecret' in client) return { ...common, client_secret: client.clientSecret, token_endpoint_auth_method: 'client_secret_basic' };
  return { ...common, token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [client.publicJwk] } };
}

/**
 * `revokeAfterRequests`: the provider destroys a token after the MCP server accepted it
 * that many times, so the next request meets 401 invalid_token (a refresh follows).
 * `advertisedIssuer`: 'relay' names, in the resource metadata, a relay on another port
 * that forwards to the provider, whose metadata then names the provider's own issuer.
 * `preRegistered`: a confidential client the operator registered for the CLI (a native
 * app's loopback redirect, any port), and dynamic registration turned off, so that id is
 * the only way in. `machineClient`: a machine client registered likewise, the client
 * credentials grant turned on and dynamic registration off.
 */
export async function startOidcProtectedServer({
  revokeAfterRequests,
  advertisedIssuer = 'provider',
  preRegistered,
  machineClient,
}: {
  revokeAfterRequests?: number;
  advertisedIssuer?: 'provider' | 'relay';
  preRegistered?: { clientId: string; clientSecret: string };
  machineClient?: MachineClient;
} = {}): Promise<OidcProtectedServer> {
  // The ports open first (the provider is configured with both URLs); the handlers are set once they exist.
  type NodeListener = (request: IncomingMessage, response: ServerResponse) => void;
  const late: { provider?: Provider; providerCallback?: NodeListener; mcpHandler?: NodeListener } = {};
  const authorizationServer = await listen((request, response) => {
    if (late.provider && request.url?.startsWith('/interaction/')) {
      completeInteraction(late.provider, request, response).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
      return;
    }
    late.providerCallback?.(request, response);
  });
  const mcp = await listen((request, response) => (late.mcpHandler ? late.mcpHandler(request, response) : response.writeHead(503).end()));
  const mcpUrl = `${mcp.url}/mcp`;
  const provider = new Provider(authorizationServer.url, {
    clients: preRegistered
      ? [
          {
            client_id: preRegistered.clientId,
            client_secret: preRegistered.clientSecret,
            application_type: 'native',
            redirect_uris: ['http://127.0.0.1/callback'],
            token_endpoint_auth_method: 'client_secret_basic',
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
          },
        ]
      : machineClient
        ? [registerMachineClient(machineClient)]
        : [],
    cookies: { keys: ['a-test-only-cookie-signing-key'] },
    scopes: ['openid', 'offline_access', MCP_SCOPE],
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: preRegistered === undefined && machineClient === undefined },
      clientCredentials: { enabled: machineClient !== undefined },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => mcpUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: (_context: unknown, resource: string) => {
          if (resource !== mcpUrl) throw new Error(`no resource server ${resource}`);
          return { scope: MCP_SCOPE, audience: resource, accessTokenFormat: 'opaque', accessTokenTTL: 600 };
        },
      },
    },
    interactions: { url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_context: unknown, accountId: string) => ({ accountId, claims: () => ({ sub: accountId }) }),
    // The provider's default gives a public client a refresh token only with offline_access; an MCP client asks for the resource's scope.
    issueRefreshToken: (_context: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    clientDefaults: { grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' },
  });
  late.provider = provider;
  late.providerCallback = provider.callback();
  const relay =
    advertisedIssuer === 'relay'
      ? await listen((request, response) => void readBody(request).then((body) => forwardRequest(authorizationServer.url, request, response, body)))
      : undefined;

  const discovery = DiscoverySchema.parse(await (await fetch(`${authorizationServer.url}/.well-known/openid-configuration`)).json());
  const metadataOptions = {
    oauthMetadata: { ...discovery, issuer: relay?.url ?? discovery.issuer },
    resourceServerUrl: new URL(mcpUrl),
    scopesSupported: [MCP_SCOPE],
    dangerouslyAllowInsecureIssuerUrl: true,
  };
  const receivedAuthorization: (string | undefined)[] = [];
  const acceptedTokens: string[] = [];
  const uses = new Map<string, number>();
  const gate = requireBearerAuth({
    resourceMetadataUrl: `${mcp.url}/.well-known/oauth-protected-resource/mcp`,
    expectedResource: new URL(mcpUrl),
    requiredScopes: [MCP_SCOPE],
    verifier: {
      async verifyAccessToken(token: string): Promise<AuthInfo> {
        // A machine client's token is of another kind in the provider's store.
        const stored = (await provider.AccessToken.find(token)) ?? (await provider.ClientCredentials.find(token));
        if (!stored) throw new OAuthError(OAuthErrorCode.InvalidToken, 'The token is unknown, expired or revoked');
        const count = (uses.get(token) ?? 0) + 1;
        uses.set(token, count);
        if (revokeAfterRequests !== undefined && count > revokeAfterRequests) {
          await stored.destroy();
          throw new OAuthError(OAuthErrorCode.InvalidToken, 'The token was revoked');
        }
        acceptedTokens.push(token);
        const audience = [stored.aud].flat()[0];
        return {
          token,
          clientId: stored.clientId ?? '',
          scopes: (stored.scope ?? '').split(' ').filter(Boolean),
          ...(stored.exp ? { expiresAt: stored.exp } : {}),
          ...(audience ? { resource: new URL(audience) } : {}),
        };
      },
    },
  });
  const mcpHandler = createMcpHandler(() => {
    const server = new McpServer({ name: 'oidc-protected-test-server', version: '1.0.0' });
    server.registerTool('add', { description: 'Adds two numbers', inputSchema: z.object({ a: z.number(), b: z.number() }) }, ({ a, b }) => ({
      content: [{ type: 'text', text: String(a + b) }],
    }));
    return server;
  });
  const webHandler = {
    async fetch(request: Request): Promise<Response> {
      const metadata = oauthMetadataResponse(request, metadataOptions);
      if (metadata) return metadata;
      receivedAuthorization.push(request.headers.get('authorization') ?? undefined);
      const auth = await gate(request);
      if (auth instanceof Response) return auth;
      return mcpHandler.fetch(request, { authInfo: auth });
    },
  };
  const adapted = toNodeHandler(webHandler);
  late.mcpHandler = (request, response) => void adapted(request, response);
  return {
    mcpUrl,
    issuer: relay?.url ?? authorizationServer.url,
    receivedAuthorization,
    acceptedTokens,
    close: async () => {
      await mcp.close();
      await relay?.close();
      await authorizationServer.close();
    },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
