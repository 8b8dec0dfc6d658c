import { describe, expect, it } from 'vitest';
import { buildAuthorizationRequest, buildTokenRequest } from './build-requests.ts';
import { checkAuthorizationResponse, checkServerMetadata, checkTokenResponse, chooseScopes } from './check-answers.ts';

const metadata = {
  issuer: 'http://127.0.0.1:3000/oauth',
  authorization_endpoint: 'http://127.0.0.1:3000/oauth/authorize',
  token_endpoint: 'http://127.0.0.1:3000/oauth/token',
  code_challenge_methods_supported: ['S256'],
};

describe('the checks of each answer', () => {
  it('refuses metadata whose issuer is not the one asked about, or without S256', () => {
    expect(checkServerMetadata({ metadata, issuer: metadata.issuer })).toBeUndefined();
    expect(checkServerMetadata({ metadata, issuer: 'http://127.0.0.1:3000/other' })).toEqual({
      kind: 'wrong-issuer',
      expected: 'http://127.0.0.1:3000/other',
      got: metadata.issuer,
    });
    expect(checkServerMetadata({ metadata: { ...metadata, code_challenge_methods_supported: ['plain'] }, issuer: metadata.issuer })).toMatchObject({
      kind: 'no-pkce',
    });
    expect(checkServerMetadata({ metadata: { ...metadata, code_challenge_methods_supported: undefined }, issuer: metadata.issuer })).toMatchObject({
      kind: 'no-pkce',
    });
  });

  it('checks the state before anything else in the redirect, then iss, then an error, then the code', () => {
    const base = { state: 's1', issuer: metadata.issuer, issRequired: false };
    expect(checkAuthorizationResponse({ ...base, parameters: { code: 'c', state: 's1' } })).toBeUndefined();
    expect(checkAuthorizationResponse({ ...base, parameters: { code: 'c', state: 's2', iss: 'x' } })).toEqual({ kind: 'state-mismatch' });
    expect(checkAuthorizationResponse({ ...base, parameters: { code: 'c', state: 's1', iss: 'http://evil' } })).toMatchObject({
      kind: 'wrong-issuer',
      got: 'http://evil',
    });
    expect(checkAuthorizationResponse({ ...base, issRequired: true, parameters: { code: 'c', state: 's1' } })).toMatchObject({
      kind: 'wrong-issuer',
      got: undefined,
    });
    expect(checkAuthorizationResponse({ ...base, parameters: { state: 's1', error: 'access_denied' } })).toEqual({ kind: 'denied', error: 'access_denied' });
    expect(checkAuthorizationResponse({ ...base, parameters: { state: 's1' } })).toEqual({ kind: 'no-code' });
  });

  it('takes a bearer token whatever the case of its type, and nothing else', () => {
    expect(checkTokenResponse({ access_token: 'a', token_type: 'Bearer' })).toBeUndefined();
    expect(checkTokenResponse({ access_token: 'a', token_type: 'DPoP' })).toEqual({ kind: 'not-bearer', tokenType: 'DPoP' });
  });

  it('asks for the challenged scopes, else those the metadata lists', () => {
    expect(chooseScopes({ challenged: ['a'], supported: ['a', 'b'] })).toEqual(['a']);
    expect(chooseScopes({ supported: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(chooseScopes({})).toEqual([]);
  });
});

describe('the requests', () => {
  it("puts PKCE S256, state, resource and scopes in the authorization URL, keeping the endpoint's own query", async () => {
    const { url, codeVerifier } = await buildAuthorizationRequest({
      endpoints: { authorization: `${metadata.authorization_endpoint}?tenant=1`, token: metadata.token_endpoint },
      issuer: metadata.issuer,
      request: {
        clientId: 'http://127.0.0.1:3000/client.json',
        redirectUri: 'http://127.0.0.1:3000/cb',
        state: 'st',
        resource: 'http://127.0.0.1:3000/mcp/protected',
        scopes: ['a', 'b'],
      },
    });
    const { code_challenge: challenge, ...parameters } = Object.fromEntries(new URL(url).searchParams);
    expect(parameters).toEqual({
      tenant: '1',
      response_type: 'code',
      client_id: 'http://127.0.0.1:3000/client.json',
      redirect_uri: 'http://127.0.0.1:3000/cb',
      code_challenge_method: 'S256',
      state: 'st',
      resource: 'http://127.0.0.1:3000/mcp/protected',
      scope: 'a b',
    });
    // RFC 7636 §4.1-4.2: 43 or more unreserved characters, and the challenge is BASE64URL(SHA256(verifier)).
    expect(codeVerifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier)));
    expect(challenge).toBe(
      btoa(String.fromCharCode(...digest))
        .replaceAll('+', '-')
        .replaceAll('/', '_')
        .replace(/=+$/, ''),
    );
  });

  it('sends a pathless resource as it is, with no slash added, and no scope when none is asked for', async () => {
    const { url } = await buildAuthorizationRequest({
      endpoints: { authorization: metadata.authorization_endpoint, token: metadata.token_endpoint },
      issuer: metadata.issuer,
      request: { clientId: 'c', redirectUri: 'http://127.0.0.1:3000/cb', state: 'st', resource: 'http://127.0.0.1:3000', scopes: [] },
    });
    expect(new URL(url).searchParams.get('resource')).toBe('http://127.0.0.1:3000');
    expect(new URL(url).searchParams.has('scope')).toBe(false);
  });

  it('sends the code with its verifier and the resource; a secret goes in Basic, a public client names itself', () => {
    const grant = { type: 'authorization_code', code: 'the-code', codeVerifier: 'the-verifier', redirectUri: 'http://x/cb' } as const;
    const pub = buildTokenRequest({ grant, client: { clientId: 'pub' }, resource: 'http://x/mcp' });
    expect(Object.fromEntries(new URLSearchParams(pub.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      code_verifier: 'the-verifier',
      redirect_uri: 'http://x/cb',
      resource: 'http://x/mcp',
      client_id: 'pub',
    });
    expect(pub.headers.authorization).toBeUndefined();
    const confidential = buildTokenRequest({
      grant: { type: 'refresh_token', refreshToken: 'rt' },
      client: { clientId: 'c', clientSecret: 's' },
      resource: 'http://x/mcp',
    });
    expect(confidential.headers.authorization).toBe(`Basic ${btoa('c:s')}`);
    expect(new URLSearchParams(confidential.body).get('client_secret')).toBeNull();
  });
});
