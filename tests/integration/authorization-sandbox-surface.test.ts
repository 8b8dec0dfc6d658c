import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerConsent } from '../helpers/sandbox-oauth-client.ts';
import { buildAuthorizationUrl, createPkcePair, registerTestClient, requestToken, TEST_REDIRECT_URI } from '../helpers/sandbox-raw-flow.ts';
import { startHttpServer, type TestServer } from '../helpers/start-http-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The sandbox's surface over real HTTP: the discovery documents at every path the MCP
 * spec probes, client metadata documents fetched from a real server on loopback, the
 * consent page's escaping and headers, and the bounds on what it keeps in memory.
 */

let clock = 0;
const server = useServer({ authorization: { maxEntries: 3, now: () => clock } });
let documents: TestServer;
const documentBodies = new Map<string, unknown>();
beforeAll(async () => {
  documents = await startHttpServer((request, response) => {
    const body = documentBodies.get(request.url ?? '');
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { error: 'not here' }));
  });
});
afterAll(async () => {
  await documents.close();
});

describe('discovery', () => {
  it('serves the authorization server metadata at the RFC 8414 path and both OpenID Connect paths, alike', async () => {
    const paths = ['/.well-known/oauth-authorization-server/oauth', '/.well-known/openid-configuration/oauth', '/oauth/.well-known/openid-configuration'];
    const bodies = await Promise.all(paths.map(async (path) => (await fetch(`${server.url}${path}`)).json()));
    expect(bodies[0]).toMatchObject({
      issuer: `${server.url}/oauth`,
      authorization_endpoint: `${server.url}/oauth/authorize`,
      token_endpoint: `${server.url}/oauth/token`,
      registration_endpoint: `${server.url}/oauth/register`,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      scopes_supported: ['mcp:tools', 'mcp:admin'],
    });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it('serves the protected resource metadata (RFC 9728) with the header method only', async () => {
    const metadata = await (await fetch(`${server.url}/.well-known/oauth-protected-resource/mcp/protected`)).json();
    expect(metadata).toMatchObject({
      resource: `${server.url}/mcp/protected`,
      authorization_servers: [`${server.url}/oauth`],
      scopes_supported: ['mcp:tools', 'mcp:admin'],
      bearer_methods_supported: ['header'],
    });
  });
});

describe('client metadata documents', () => {
  it('fetches a client_id that is a URL on loopback, shows its name and takes its redirect URI', async () => {
    const clientId = `${documents.url}/client.json`;
    documentBodies.set('/client.json', { client_id: clientId, client_name: 'Document client', redirect_uris: [TEST_REDIRECT_URI] });
    const { verifier, challenge } = createPkcePair();
    const resource = `${server.url}/mcp/protected`;
    const { html, callback } = await answerConsent(buildAuthorizationUrl({ issuer: `${server.url}/oauth`, resource, clientId, challenge }));
    expect(html).toContain('Authorize Document client?');
    const token = await requestToken(`${server.url}/oauth`, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      client_id: clientId,
      redirect_uri: TEST_REDIRECT_URI,
      code_verifier: verifier,
      resource,
    });
    expect(token.status).toBe(200);
    expect(documents.received.some((request) => request.url === '/client.json')).toBe(true);
  });

  it('refuses a document that names another client, and a redirect URI the document does not list', async () => {
    const clientId = `${documents.url}/impostor.json`;
    documentBodies.set('/impostor.json', { client_id: 'https://trusted.example/client.json', client_name: 'Trusted', redirect_uris: [TEST_REDIRECT_URI] });
    const impostor = await fetch(
      buildAuthorizationUrl({ issuer: `${server.url}/oauth`, resource: `${server.url}/mcp/protected`, clientId, challenge: createPkcePair().challenge }),
    );
    expect(impostor.status).toBe(400);
    expect(await impostor.text()).toContain('names another client_id');

    const honest = `${documents.url}/client.json`;
    const elsewhere = await fetch(
      buildAuthorizationUrl({
        issuer: `${server.url}/oauth`,
        resource: `${server.url}/mcp/protected`,
        clientId: honest,
        challenge: createPkcePair().challenge,
        redirectUri: 'http://127.0.0.1:9/other',
      }),
      { redirect: 'manual' },
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get('location')).toBeNull();
  });
});

describe('the consent page', () => {
  it('shows a hostile client_name and redirect URI as text, with no script allowed and no framing', async () => {
    const hostileRedirect = 'http://127.0.0.1:9/cb?next="><script>alert(2)</script>';
    const clientId = await registerTestClient({ issuer: `${server.url}/oauth`, clientName: '<img src=x onerror=alert(1)>', redirectUris: [hostileRedirect] });
    const page = await fetch(
      buildAuthorizationUrl({
        issuer: `${server.url}/oauth`,
        resource: `${server.url}/mcp/protected`,
        clientId,
        challenge: createPkcePair().challenge,
        redirectUri: hostileRedirect,
      }),
    );
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).not.toMatch(/<img|<script/);
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('next=&#34;&#62;&#60;script&#62;alert(2)&#60;/script&#62;');
    expect(page.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self' http:\/\/127\.0\.0\.1:9; frame-ancestors 'none'; base-uri 'none'$/,
    );
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it("refuses a consent POST from another site's page (Origin), before reading it", async () => {
    const answer = await fetch(`${server.url}/oauth/authorize`, {
      method: 'POST',
      headers: { origin: 'https://attacker.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'consent=x&decision=approve',
    });
    expect(answer.status).toBe(403);
  });
});

describe('bounds', () => {
  it('forgets a code after 60 seconds, and the oldest client past the limit', async () => {
    const issuer = `${server.url}/oauth`;
    const resource = `${server.url}/mcp/protected`;
    const clientId = await registerTestClient({ issuer });
    const { verifier, challenge } = createPkcePair();
    const { callback } = await answerConsent(buildAuthorizationUrl({ issuer, resource, clientId, challenge }));
    clock += 60_000;
    const late = await requestToken(issuer, {
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      client_id: clientId,
      redirect_uri: TEST_REDIRECT_URI,
      code_verifier: verifier,
      resource,
    });
    expect(await late.json()).toMatchObject({ error: 'invalid_grant', error_description: 'The authorization code expired (codes last 60 s).' });

    const first = await registerTestClient({ issuer });
    for (let count = 0; count < 3; count += 1) await registerTestClient({ issuer });
    const forgotten = await fetch(buildAuthorizationUrl({ issuer, resource, clientId: first, challenge }));
    expect(forgotten.status).toBe(400);
    expect(await forgotten.text()).toContain('is not registered here');
  });
});
