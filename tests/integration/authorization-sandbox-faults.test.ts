import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { answerConsent, InMemoryOAuthProvider } from '../helpers/sandbox-oauth-client.ts';
import {
  buildAuthorizationUrl,
  createPkcePair,
  postInitialize,
  postMcp,
  registerTestClient,
  requestToken,
  runCodeFlow,
  TEST_REDIRECT_URI,
} from '../helpers/sandbox-raw-flow.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * Each failure switch of the sandbox (/mcp/protected?fault=NAME) over real HTTP: the fault
 * reaches the authorization server through ordinary discovery, and each breaks its own
 * check with its own answer, while every step before it still works.
 */

const server = useServer();
type TokenAnswer = { access_token: string; token_type: string; expires_in: number; refresh_token: string; scope: string };

describe('the fault travels through discovery', () => {
  it('the 401 of /mcp/protected?fault=NAME points to metadata that names the faulty server at /oauth/fault/NAME', async () => {
    const answer = await postInitialize(`${server.url}/mcp/protected?fault=expired-token`);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource/mcp/protected?fault=expired-token", scope="mcp:tools"`,
    );
    const metadata = (await (await fetch(`${server.url}/.well-known/oauth-protected-resource/mcp/protected?fault=expired-token`)).json()) as Record<
      string,
      unknown
    >;
    expect(metadata).toMatchObject({
      resource: `${server.url}/mcp/protected?fault=expired-token`,
      authorization_servers: [`${server.url}/oauth/fault/expired-token`],
    });
  });

  it('an unknown fault name is refused with the list of switches', async () => {
    const answer = await postInitialize(`${server.url}/mcp/protected?fault=no-such`);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('wrong-issuer, wrong-resource, missing-scope, expired-token, state-mismatch, pkce-mismatch');
  });
});

describe('wrong-issuer', () => {
  it('serves metadata whose issuer is not the URL it came from, and the SDK client refuses it', async () => {
    const metadata = (await (await fetch(`${server.url}/.well-known/oauth-authorization-server/oauth/fault/wrong-issuer`)).json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(`${server.url}/oauth`);
    expect(metadata.authorization_endpoint).toBe(`${server.url}/oauth/fault/wrong-issuer/authorize`);
    const provider = new InMemoryOAuthProvider({ redirectUrl: TEST_REDIRECT_URI });
    const client = new Client({ name: 'wrong-issuer', version: '1.0.0' }, { versionNegotiation: { mode: 'legacy' } });
    await expect(
      client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/protected?fault=wrong-issuer`), { authProvider: provider })),
    ).rejects.toThrow(/issuer/i);
    expect(provider.authorizationUrls).toEqual([]);
  });
});

describe('wrong-resource', () => {
  it('issues a token for /mcp/toolbox, which /mcp/protected answers 401 invalid_token', async () => {
    const { resource, tokenResponse } = await runCodeFlow({ origin: server.url, fault: 'wrong-resource' });
    expect(tokenResponse.status).toBe(200);
    const token = (await tokenResponse.json()) as TokenAnswer;
    const answer = await postInitialize(resource, token.access_token);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(answer.headers.get('www-authenticate')).toContain(`issued for another resource, ${server.url}/mcp/toolbox`);
  });
});

describe('missing-scope', () => {
  it('the first token lacks mcp:tools (403 insufficient_scope); a second authorization gets it', async () => {
    const first = await runCodeFlow({ origin: server.url, fault: 'missing-scope' });
    const short = (await first.tokenResponse.json()) as TokenAnswer;
    expect(short.scope).toBe('');
    const refused = await postInitialize(first.resource, short.access_token);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toMatch(
      /^Bearer error="insufficient_scope", scope="mcp:tools", resource_metadata="[^"]+", error_description="[^"]+"$/,
    );

    const { verifier, challenge } = createPkcePair();
    const { callback } = await answerConsent(buildAuthorizationUrl({ issuer: first.issuer, resource: first.resource, clientId: first.clientId, challenge }));
    const second = await requestToken(first.issuer, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      client_id: first.clientId,
      redirect_uri: TEST_REDIRECT_URI,
      code_verifier: verifier,
      resource: first.resource,
    });
    const whole = (await second.json()) as TokenAnswer;
    expect(whole.scope).toBe('mcp:tools');
    expect((await postInitialize(first.resource, whole.access_token)).status).toBe(200);
  });
});

describe('expired-token', () => {
  it('the first token expires at once (401 invalid_token, expired); the refresh grant gives one that works, and the old refresh token is spent', async () => {
    const { issuer, resource, clientId, tokenResponse } = await runCodeFlow({ origin: server.url, fault: 'expired-token' });
    const first = (await tokenResponse.json()) as TokenAnswer;
    expect(first.expires_in).toBe(0);
    const refused = await postInitialize(resource, first.access_token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error_description="The access token expired.');

    const refreshed = await requestToken(issuer, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: clientId, resource });
    const second = (await refreshed.json()) as TokenAnswer;
    expect(second).toMatchObject({ token_type: 'Bearer', expires_in: 600, scope: 'mcp:tools' });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await postInitialize(resource, second.access_token)).status).toBe(200);

    const again = await requestToken(issuer, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: clientId, resource });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('state-mismatch', () => {
  it('the consent redirect carries a state the client never sent; the code itself is good', async () => {
    const { callback, tokenResponse } = await runCodeFlow({ origin: server.url, fault: 'state-mismatch' });
    expect(callback.searchParams.get('state')).not.toBe('state-1');
    expect(callback.searchParams.get('state')).toBe('state-1-not-yours');
    expect(tokenResponse.status).toBe(200);
  });
});

describe('pkce-mismatch', () => {
  it('the token endpoint answers invalid_grant: code_verifier does not match', async () => {
    const { tokenResponse } = await runCodeFlow({ origin: server.url, fault: 'pkce-mismatch' });
    expect(tokenResponse.status).toBe(400);
    expect(await tokenResponse.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'code_verifier does not match the code_challenge of the authorization request.',
    });
  });
});

describe('without a fault, the same checks hold', () => {
  it('a wrong verifier, a reused code and another redirect_uri are each invalid_grant', async () => {
    const issuer = `${server.url}/oauth`;
    const resource = `${server.url}/mcp/protected`;
    const clientId = await registerTestClient({ issuer });
    const redeem = async (form: Record<string, string>) => {
      const { verifier, challenge } = createPkcePair();
      const { callback } = await answerConsent(buildAuthorizationUrl({ issuer, resource, clientId, challenge }));
      const base = {
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        client_id: clientId,
        redirect_uri: TEST_REDIRECT_URI,
        code_verifier: verifier,
        resource,
      };
      const response = await requestToken(issuer, { ...base, ...form });
      return { response, body: (await response.json()) as Record<string, string>, base };
    };
    expect((await redeem({ code_verifier: createPkcePair().verifier })).body.error_description).toBe(
      'code_verifier does not match the code_challenge of the authorization request.',
    );
    expect((await redeem({ redirect_uri: 'http://127.0.0.1:9/elsewhere' })).body.error).toBe('invalid_grant');
    expect((await redeem({ resource: `${server.url}/mcp` })).body.error).toBe('invalid_target');
    const good = await redeem({});
    expect(good.response.status).toBe(200);
    const reused = await requestToken(issuer, good.base);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant', error_description: 'The authorization code is unknown or was already used.' });
  });

  it('sends the learner\'s "deny" back as error=access_denied with the state and iss', async () => {
    const issuer = `${server.url}/oauth`;
    const clientId = await registerTestClient({ issuer });
    const { callback } = await answerConsent(
      buildAuthorizationUrl({ issuer, resource: `${server.url}/mcp/protected`, clientId, challenge: createPkcePair().challenge }),
      'deny',
    );
    expect(Object.fromEntries(callback.searchParams)).toMatchObject({ error: 'access_denied', state: 'state-1', iss: issuer });
    expect(callback.searchParams.has('code')).toBe(false);
  });

  it('redirects to no address the client did not register, and asks for PKCE S256 and the resource', async () => {
    const issuer = `${server.url}/oauth`;
    const resource = `${server.url}/mcp/protected`;
    const clientId = await registerTestClient({ issuer });
    const { challenge } = createPkcePair();
    const unregistered = await fetch(buildAuthorizationUrl({ issuer, resource, clientId, challenge, redirectUri: 'https://attacker.example/steal' }), {
      redirect: 'manual',
    });
    expect(unregistered.status).toBe(400);
    expect(unregistered.headers.get('location')).toBeNull();
    expect(await unregistered.text()).toContain('is not one this client registered');

    const plain = buildAuthorizationUrl({ issuer, resource, clientId, challenge });
    plain.searchParams.set('code_challenge_method', 'plain');
    const refusedPlain = await fetch(plain, { redirect: 'manual' });
    expect(refusedPlain.status).toBe(302);
    expect(new URL(refusedPlain.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');

    const noResource = buildAuthorizationUrl({ issuer, resource, clientId, challenge });
    noResource.searchParams.delete('resource');
    const refusedResource = await fetch(noResource, { redirect: 'manual' });
    expect(new URL(refusedResource.headers.get('location')!).searchParams.get('error')).toBe('invalid_target');
  });

  it('takes a token only in the Authorization header, never in the URL', async () => {
    const { resource, tokenResponse } = await runCodeFlow({ origin: server.url });
    const token = (await tokenResponse.json()) as TokenAnswer;
    expect(tokenResponse.headers.get('cache-control')).toBe('no-store');
    expect(tokenResponse.headers.get('x-authorization-sandbox')).toBe('tokens-may-be-shown');
    const inUrl = await postMcp(`${resource}?access_token=${token.access_token}`, { jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(inUrl.status).toBe(400);
    expect((await postInitialize(resource, token.access_token)).status).toBe(200);
  });

  it('answers a call of multiply_numbers with a token lacking mcp:admin 403 insufficient_scope, naming both scopes', async () => {
    const { resource, tokenResponse } = await runCodeFlow({ origin: server.url });
    const token = (await tokenResponse.json()) as TokenAnswer;
    const call = (name: string) =>
      postMcp(resource, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: { a: 6, b: 7 } } }, token.access_token);
    const refused = await call('multiply_numbers');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer error="insufficient_scope", scope="mcp:tools mcp:admin", resource_metadata=/);
    expect((await call('add_numbers')).status).toBe(200);
  });
});
