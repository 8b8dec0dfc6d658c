import { describe, expect, it } from 'vitest';
import { buildIdJagRequest, buildRegistrationRequest, buildTokenRequest } from './build-requests.ts';

describe('buildRegistrationRequest', () => {
  it('says the application type SEP-837 asks for: native on this machine (the CLI, npm start), web from another host', () => {
    const typeFor = (redirectUri: string) => buildRegistrationRequest({ redirectUri, clientName: 'x' }).application_type;
    expect(typeFor('http://127.0.0.1:53121/callback')).toBe('native');
    expect(typeFor('http://localhost:3000/oauth-callback.html')).toBe('native');
    expect(typeFor('http://[::1]:3000/oauth-callback.html')).toBe('native');
    expect(typeFor('https://class.example.edu/explorer/oauth-callback.html')).toBe('web');
  });

  it('registers a public client with its one redirect URI and its application type', () => {
    expect(buildRegistrationRequest({ redirectUri: 'http://127.0.0.1:53121/callback', clientName: 'MCP Lifecycle Explorer' })).toEqual({
      client_name: 'MCP Lifecycle Explorer',
      application_type: 'native',
      redirect_uris: ['http://127.0.0.1:53121/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  });
});

describe('buildTokenRequest for a machine client (client_credentials, SEP-1046)', () => {
  it('client_secret_basic: the grant, resource and scope in the form, the id and secret form-encoded in Basic', () => {
    const { body, headers } = buildTokenRequest({
      grant: { type: 'client_credentials', scopes: ['mcp:read', 'mcp:write'] },
      client: { clientId: 'job:1', clientSecret: 's3cret/+' },
      resource: 'https://mcp.example.com/mcp',
    });
    expect(Object.fromEntries(new URLSearchParams(body))).toEqual({
      grant_type: 'client_credentials',
      resource: 'https://mcp.example.com/mcp',
      scope: 'mcp:read mcp:write',
    });
    expect(atob(headers.authorization!.slice('Basic '.length))).toBe('job%3A1:s3cret%2F%2B');
  });

  it('private_key_jwt: the assertion and its type, no client_id (RFC 7523 §3: the assertion names the client), no Basic, no scope when none is asked', () => {
    const { body, headers } = buildTokenRequest({
      grant: { type: 'client_credentials', scopes: [] },
      client: { clientId: 'job' },
      resource: 'https://mcp.example.com/mcp',
      assertion: 'a.b.c',
    });
    expect(Object.fromEntries(new URLSearchParams(body))).toEqual({
      grant_type: 'client_credentials',
      resource: 'https://mcp.example.com/mcp',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: 'a.b.c',
    });
    expect(headers.authorization).toBeUndefined();
  });
});

describe('enterprise-managed authorization (SEP-990)', () => {
  it('the token exchange at the IdP asks for an ID-JAG for this authorization server and MCP server, with the ID token as its subject', () => {
    const { body } = buildIdJagRequest({
      idToken: 'id.token.value',
      audience: 'https://auth.example.com',
      resource: 'https://mcp.example.com/mcp',
      scopes: ['mcp:tools'],
      idpClientId: 'explorer-at-idp',
    });
    expect(Object.fromEntries(new URLSearchParams(body))).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
      audience: 'https://auth.example.com',
      resource: 'https://mcp.example.com/mcp',
      subject_token: 'id.token.value',
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      scope: 'mcp:tools',
      client_id: 'explorer-at-idp',
    });
  });

  it('the ID-JAG is then the assertion of a jwt-bearer grant, the client in Basic', () => {
    const { body, headers } = buildTokenRequest({
      grant: { type: 'jwt-bearer', assertion: 'the.id.jag', scopes: [] },
      client: { clientId: 'app', clientSecret: 'app-secret' },
      resource: 'https://mcp.example.com/mcp',
    });
    expect(Object.fromEntries(new URLSearchParams(body))).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: 'the.id.jag',
      resource: 'https://mcp.example.com/mcp',
    });
    expect(headers.authorization).toBe(`Basic ${btoa('app:app-secret')}`);
  });
});
