import { describe, expect, it } from 'vitest';
import { buildRegistrationRequest } from './build-requests.ts';

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
