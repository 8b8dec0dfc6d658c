import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/http/create-app.ts';
import { answerConsent } from '../helpers/sandbox-oauth-client.ts';
import { buildAuthorizationUrl, createPkcePair, registerTestClient, TEST_REDIRECT_URI } from '../helpers/sandbox-raw-flow.ts';
import { startHttpServer, type TestServer } from '../helpers/start-http-server.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * The sandbox never sends a browser to an address it should not trust. Anyone can publish
 * a client metadata document (or register a client) that lists a phishing page as its
 * redirect URI; an error found in the request before the learner has seen the consent
 * page is then shown on the sandbox's own page, not redirected there (RFC 6749 §4.1.2.1,
 * RFC 9700 §4.11.2). And a redirect URI is registered only if it passes the URL gate's
 * rules. Real HTTP: the app on loopback, documents served by a second server.
 */

const server = useServer();
let documents: TestServer;
const documentBodies = new Map<string, unknown>();
beforeAll(async () => {
  documents = await startHttpServer((request, response) => {
    const body = documentBodies.get(request.url ?? '');
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? { error: 'not here' }));
  });
});
afterAll(async () => {
  await documents.close();
});

const PHISH = 'https://evil.example/phish';

/** Each way an authorization request can be wrong before the consent page, and the error a trusted client would be sent back. */
const BROKEN_REQUESTS: [string, (url: URL) => void, string][] = [
  ['response_type=bogus', (url) => url.searchParams.set('response_type', 'bogus'), 'unsupported_response_type'],
  ['no PKCE', (url) => url.searchParams.delete('code_challenge'), 'invalid_request'],
  ['code_challenge_method=plain', (url) => url.searchParams.set('code_challenge_method', 'plain'), 'invalid_request'],
  ['another resource', (url) => url.searchParams.set('resource', 'https://evil.example/mcp'), 'invalid_target'],
  ['an unknown scope', (url) => url.searchParams.set('scope', 'mcp:everything'), 'invalid_scope'],
];

function serveDocument(name: string, redirectUris: string[]): string {
  const clientId = `${documents.url}/${name}.json`;
  documentBodies.set(`/${name}.json`, { client_id: clientId, client_name: 'Honest Client', redirect_uris: redirectUris });
  return clientId;
}

function buildRequest({ clientId, redirectUri, broken }: { clientId: string; redirectUri: string; broken: (url: URL) => void }): URL {
  const url = buildAuthorizationUrl({
    issuer: `${server.url}/oauth`,
    resource: `${server.url}/mcp/protected`,
    clientId,
    challenge: createPkcePair().challenge,
    redirectUri,
  });
  broken(url);
  return url;
}

describe('an error before the consent page', () => {
  it.each(BROKEN_REQUESTS)(
    '(%s) of a client whose document lists a phishing page: shown on the sandbox’s page, never a redirect there',
    async (_name, broken) => {
      const clientId = serveDocument('phishing-client', [PHISH]);
      const answer = await fetch(buildRequest({ clientId, redirectUri: PHISH, broken }), { redirect: 'manual' });
      expect(answer.status).toBe(400);
      expect(answer.headers.get('location')).toBeNull();
      const page = await answer.text();
      expect(page).toContain('This authorization request cannot go on');
      expect(page).toContain(`not sent to ${PHISH}`);
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    },
  );

  it.each(BROKEN_REQUESTS)('(%s) of a client registered dynamically with a phishing page: shown on the sandbox’s page as well', async (_name, broken) => {
    const clientId = await registerTestClient({ issuer: `${server.url}/oauth`, redirectUris: [PHISH] });
    const answer = await fetch(buildRequest({ clientId, redirectUri: PHISH, broken }), { redirect: 'manual' });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
  });

  it.each(BROKEN_REQUESTS)(
    '(%s) of a client on this machine (a loopback redirect): sent back with the error, state and iss, as RFC 6749 §4.1.2.1 asks',
    async (_name, broken, error) => {
      const clientId = serveDocument('loopback-client', [TEST_REDIRECT_URI]);
      const answer = await fetch(buildRequest({ clientId, redirectUri: TEST_REDIRECT_URI, broken }), { redirect: 'manual' });
      expect(answer.status).toBe(302);
      const location = new URL(answer.headers.get('location')!);
      expect(location.origin + location.pathname).toBe(TEST_REDIRECT_URI);
      expect(Object.fromEntries(location.searchParams)).toMatchObject({ error, state: 'state-1', iss: `${server.url}/oauth` });
    },
  );

  it('once the learner has seen the consent page, their answer goes to the address the client listed, whatever it is', async () => {
    const clientId = serveDocument('phishing-client', [PHISH]);
    const { callback } = await answerConsent(buildRequest({ clientId, redirectUri: PHISH, broken: () => {} }), 'deny');
    expect(callback.origin + callback.pathname).toBe(PHISH);
    expect(callback.searchParams.get('error')).toBe('access_denied');
  });
});

/** Redirect URIs no client may register: each breaks one of the URL gate's rules, or the fragment rule. */
const HOSTILE_REDIRECT_URIS = [
  'javascript:alert(document.domain)//',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  'blob:https://evil.example/8c6a2f4e',
  'vbscript:msgbox(1)',
  ' https://client.example/callback',
  'https://client.example/callback ',
  'https://client.example/call\tback',
  'https://client.example/\u202ekcabllac',
  '//client.example/callback',
  'https://127.0.0.1@evil.example/callback',
  'http://evil.example/callback',
  'https://client.example/callback#fragment',
];

describe('registered redirect URIs pass the URL gate’s rules', () => {
  it.each(HOSTILE_REDIRECT_URIS)('%j is refused at registration, invalid_redirect_uri', async (uri) => {
    const answer = await fetch(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'x', redirect_uris: [uri] }),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'invalid_redirect_uri' });
  });

  it.each(HOSTILE_REDIRECT_URIS)('%j in a client metadata document: the client is refused', async (uri) => {
    const clientId = serveDocument('hostile-document', [uri]);
    const answer = await fetch(
      buildAuthorizationUrl({
        issuer: `${server.url}/oauth`,
        resource: `${server.url}/mcp/protected`,
        clientId,
        challenge: createPkcePair().challenge,
        redirectUri: uri,
      }),
      { redirect: 'manual' },
    );
    expect(answer.status).toBe(400);
    expect(answer.headers.get('location')).toBeNull();
    expect(await answer.text()).toContain('lists a redirect URI the server will not use');
  });

  it('takes the explorer’s own callback page over plain http at the sandbox’s own origin (a class served on a LAN), and no other LAN address', async () => {
    const app = createApp({ allowedHostnames: ['192.168.1.5'] });
    try {
      const register = (redirectUri: string) =>
        app.fetch(
          new Request('http://192.168.1.5:3000/oauth/register', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ client_name: 'MCP Lifecycle Explorer', redirect_uris: [redirectUri] }),
          }),
        );
      expect((await register('http://192.168.1.5:3000/oauth-callback.html')).status).toBe(201);
      expect((await register('http://192.168.1.6:3000/oauth-callback.html')).status).toBe(400);
    } finally {
      await app.close();
    }
  });
});
