import { createHash, randomBytes } from 'node:crypto';
import { answerConsent } from './sandbox-oauth-client.ts';

/**
 * Each request of the authorization flow sent by hand over real HTTP, so a test can look
 * at every answer on its own (the SDK's auth() hides the ones in the middle). The PKCE
 * pair is made with Node's crypto, not the sandbox's code.
 */

export const TEST_REDIRECT_URI = 'http://127.0.0.1:9/callback';

export function createPkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The issuer of the sandbox for a fault (or none): /oauth or /oauth/fault/NAME. */
export function describeIssuer(origin: string, fault?: string): string {
  return `${origin}/oauth${fault ? `/fault/${fault}` : ''}`;
}

export async function registerTestClient({
  issuer,
  clientName = 'raw test client',
  redirectUris = [TEST_REDIRECT_URI],
}: {
  issuer: string;
  clientName?: string;
  redirectUris?: string[];
}): Promise<string> {
  const response = await fetch(`${issuer}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: clientName, redirect_uris: redirectUris, token_endpoint_auth_method: 'none' }),
  });
  if (response.status !== 201) throw new Error(`Registration answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { client_id: string };
  return body.client_id;
}

export type AuthorizationParameters = {
  issuer: string;
  resource: string;
  clientId: string;
  challenge: string;
  state?: string;
  scope?: string;
  redirectUri?: string;
};

export function buildAuthorizationUrl({
  issuer,
  resource,
  clientId,
  challenge,
  state = 'state-1',
  scope = 'mcp:tools',
  redirectUri = TEST_REDIRECT_URI,
}: AuthorizationParameters): URL {
  const url = new URL(`${issuer}/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    scope,
    resource,
  }).toString();
  return url;
}

/** Registration, consent approved, and the code redeemed: the token answer as the server sent it. */
export async function runCodeFlow({ origin, fault, scope }: { origin: string; fault?: string; scope?: string }) {
  const issuer = describeIssuer(origin, fault);
  const resource = `${origin}/mcp/protected${fault ? `?fault=${fault}` : ''}`;
  const clientId = await registerTestClient({ issuer });
  const { verifier, challenge } = createPkcePair();
  const { callback } = await answerConsent(buildAuthorizationUrl({ issuer, resource, clientId, challenge, ...(scope ? { scope } : {}) }));
  const tokenResponse = await requestToken(issuer, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code') ?? '',
    client_id: clientId,
    redirect_uri: TEST_REDIRECT_URI,
    code_verifier: verifier,
    resource,
  });
  return { issuer, resource, clientId, verifier, challenge, callback, tokenResponse };
}

export function requestToken(issuer: string, form: Record<string, string>): Promise<Response> {
  return fetch(`${issuer}/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
}

/** A 2025-era initialize to the protected endpoint, with the token given (or none). */
export function postInitialize(resource: string, token?: string): Promise<Response> {
  return postMcp(
    resource,
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
    token,
  );
}

export function postMcp(resource: string, message: unknown, token?: string): Promise<Response> {
  return fetch(resource, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(message),
  });
}
