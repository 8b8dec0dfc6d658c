import { describe, expect, it } from 'vitest';
import { createApp } from '../http/create-app.ts';
import { describeSandboxUrls, findSandboxRoute } from './sandbox-urls.ts';

describe("the sandbox's URLs", () => {
  it('under a folder, keep the folder in every URL and put the well-known part before it', () => {
    expect(describeSandboxUrls({ origin: 'https://example.github.io', basePath: '/explorer/', fault: 'pkce-mismatch' })).toEqual({
      resource: 'https://example.github.io/explorer/mcp/protected?fault=pkce-mismatch',
      resourceMetadata: 'https://example.github.io/.well-known/oauth-protected-resource/explorer/mcp/protected?fault=pkce-mismatch',
      issuer: 'https://example.github.io/explorer/oauth/fault/pkce-mismatch',
      authorizationEndpoint: 'https://example.github.io/explorer/oauth/fault/pkce-mismatch/authorize',
      tokenEndpoint: 'https://example.github.io/explorer/oauth/fault/pkce-mismatch/token',
      registrationEndpoint: 'https://example.github.io/explorer/oauth/fault/pkce-mismatch/register',
    });
  });

  it('reads each route, and no fault that does not exist', () => {
    expect(findSandboxRoute('/oauth/fault/state-mismatch/token')).toEqual({ kind: 'token', issuerPath: '/oauth/fault/state-mismatch' });
    expect(findSandboxRoute('/.well-known/openid-configuration/oauth/fault/wrong-issuer')).toEqual({
      kind: 'authorization-server-metadata',
      issuerPath: '/oauth/fault/wrong-issuer',
    });
    expect(findSandboxRoute('/oauth/.well-known/openid-configuration')).toEqual({ kind: 'authorization-server-metadata', issuerPath: '/oauth' });
    expect(findSandboxRoute('/oauth/fault/no-such/token')).toBeUndefined();
    expect(findSandboxRoute('/.well-known/oauth-authorization-server/elsewhere')).toBeUndefined();
  });

  it("the app as the Service Worker builds it answers with the site's folder in the metadata", async () => {
    const app = createApp({ allowedHostnames: ['example.github.io'], authorization: { basePath: '/explorer/' } });
    const answer = await app.fetch(new Request('https://example.github.io/.well-known/oauth-protected-resource/mcp/protected'));
    expect(await answer.json()).toMatchObject({
      resource: 'https://example.github.io/explorer/mcp/protected',
      authorization_servers: ['https://example.github.io/explorer/oauth'],
    });
    const challenge = await app.fetch(
      new Request('https://example.github.io/mcp/protected', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    );
    expect(challenge.headers.get('www-authenticate')).toBe(
      'Bearer resource_metadata="https://example.github.io/.well-known/oauth-protected-resource/explorer/mcp/protected", scope="mcp:tools"',
    );
    await app.close();
  });
});
