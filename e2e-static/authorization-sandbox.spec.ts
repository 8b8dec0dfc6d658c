import { expect, test } from '@playwright/test';
import { waitForInBrowserServer } from './static-site-helpers.ts';

/**
 * The authorization sandbox in the static site, with no app server: the Service Worker
 * answers the 401, the discovery documents (which sit before the site's folder, at
 * /.well-known/KIND/explorer/…), the registration, the consent page as a real navigation
 * (its Approve button pressed in Chromium, its 302 followed by the browser), the token,
 * and the request again with the bearer token.
 */

test('the whole flow is answered by the Service Worker under /explorer/, the consent page approved in the browser', async ({ page }) => {
  await page.goto('./');
  await waitForInBrowserServer(page);
  const origin = new URL(page.url()).origin;
  const redirectUri = `${origin}/explorer/?oauth-callback`;

  const start = await page.evaluate(async (redirect) => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'page', version: '1' } },
    };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const challenge = await fetch('mcp/protected', { method: 'POST', headers, body: JSON.stringify(initialize) });
    const header = challenge.headers.get('www-authenticate') ?? '';
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(header)?.[1] ?? '';
    const resourceMetadata = (await (await fetch(metadataUrl)).json()) as { resource: string; authorization_servers: string[] };
    const issuer = resourceMetadata.authorization_servers[0]!;
    const issuerUrl = new URL(issuer);
    const serverMetadata = (await (await fetch(`${issuerUrl.origin}/.well-known/oauth-authorization-server${issuerUrl.pathname}`)).json()) as {
      issuer: string;
      authorization_endpoint: string;
      token_endpoint: string;
      registration_endpoint: string;
    };
    const registration = (await (
      await fetch(serverMetadata.registration_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'Static page', redirect_uris: [redirect] }),
      })
    ).json()) as { client_id: string };
    const verifier = Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('');
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
    const codeChallenge = btoa(String.fromCharCode(...digest))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const authorize = new URL(serverMetadata.authorization_endpoint);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: registration.client_id,
      redirect_uri: redirect,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      state: 'page-state',
      scope: 'mcp:tools',
      resource: resourceMetadata.resource,
    }).toString();
    sessionStorage.setItem('verifier', verifier);
    return {
      status: challenge.status,
      header,
      metadataUrl,
      resource: resourceMetadata.resource,
      issuer: serverMetadata.issuer,
      clientId: registration.client_id,
      authorizeUrl: authorize.href,
      tokenEndpoint: serverMetadata.token_endpoint,
    };
  }, redirectUri);

  expect(start.status).toBe(401);
  expect(start.metadataUrl).toBe(`${origin}/.well-known/oauth-protected-resource/explorer/mcp/protected`);
  expect(start.resource).toBe(`${origin}/explorer/mcp/protected`);
  expect(start.issuer).toBe(`${origin}/explorer/oauth`);

  const consent = await page.goto(start.authorizeUrl);
  expect(consent?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Authorize Static page?' })).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(/oauth-callback/);
  const callback = new URL(page.url());
  expect(callback.searchParams.get('state')).toBe('page-state');
  expect(callback.searchParams.get('iss')).toBe(`${origin}/explorer/oauth`);

  const finish = await page.evaluate(
    async ({ tokenEndpoint, clientId, code, redirect, resource }) => {
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        redirect_uri: redirect,
        code_verifier: sessionStorage.getItem('verifier') ?? '',
        resource,
      });
      const tokenAnswer = await fetch(tokenEndpoint, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
      const token = (await tokenAnswer.json()) as { access_token: string; token_type: string };
      const initialize = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'page', version: '1' } },
      };
      const authorized = await fetch('mcp/protected', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token.access_token}` },
        body: JSON.stringify(initialize),
      });
      return {
        tokenStatus: tokenAnswer.status,
        tokenType: token.token_type,
        mcpStatus: authorized.status,
        sandbox: authorized.headers.get('x-authorization-sandbox'),
      };
    },
    {
      tokenEndpoint: start.tokenEndpoint,
      clientId: start.clientId,
      code: callback.searchParams.get('code') ?? '',
      redirect: redirectUri,
      resource: start.resource,
    },
  );
  expect(finish).toEqual({ tokenStatus: 200, tokenType: 'Bearer', mcpStatus: 200, sandbox: 'tokens-may-be-shown' });
});
