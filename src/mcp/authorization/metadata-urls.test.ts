import { describe, expect, it } from 'vitest';
import {
  canonicalResource,
  insertWellKnown,
  isIssuerAtOrigin,
  isResourceForServer,
  listResourceMetadataUrls,
  listServerMetadataUrls,
} from './metadata-urls.ts';

describe('protected resource metadata addresses (RFC 9728 §3.1, the MCP spec order)', () => {
  it('takes the address the 401 named, and nothing else', () => {
    expect(listResourceMetadataUrls({ serverUrl: new URL('http://127.0.0.1:3000/mcp/protected'), resourceMetadata: 'http://127.0.0.1:3000/prm' })).toEqual([
      'http://127.0.0.1:3000/prm',
    ]);
  });

  it('inserts the well-known suffix between the host and the path, then tries the root', () => {
    expect(listResourceMetadataUrls({ serverUrl: new URL('https://example.com/public/mcp?x=1#top') })).toEqual([
      'https://example.com/.well-known/oauth-protected-resource/public/mcp',
      'https://example.com/.well-known/oauth-protected-resource',
    ]);
  });

  it('has one address for a server at the root', () => {
    expect(listResourceMetadataUrls({ serverUrl: new URL('https://example.com/') })).toEqual(['https://example.com/.well-known/oauth-protected-resource']);
  });
});

describe('authorization server metadata addresses (RFC 8414 §3.1, then OpenID Connect discovery)', () => {
  it('for an issuer with a path: RFC 8414 inserted, OIDC inserted, OIDC appended', () => {
    expect(listServerMetadataUrls('https://auth.example.com/tenant1')).toEqual([
      'https://auth.example.com/.well-known/oauth-authorization-server/tenant1',
      'https://auth.example.com/.well-known/openid-configuration/tenant1',
      'https://auth.example.com/tenant1/.well-known/openid-configuration',
    ]);
  });

  it('for an issuer without a path (a trailing slash included): the two at the root', () => {
    const expected = ['https://auth.example.com/.well-known/oauth-authorization-server', 'https://auth.example.com/.well-known/openid-configuration'];
    expect(listServerMetadataUrls('https://auth.example.com')).toEqual(expected);
    expect(listServerMetadataUrls('https://auth.example.com/')).toEqual(expected);
  });

  it('drops a trailing slash of the path before inserting', () => {
    expect(insertWellKnown({ url: new URL('http://127.0.0.1:3000/oauth/'), suffix: 'oauth-authorization-server' })).toBe(
      'http://127.0.0.1:3000/.well-known/oauth-authorization-server/oauth',
    );
  });
});

describe('the resource indicator', () => {
  it('is the server URL without fragment, query or trailing slash, scheme and host in lower case', () => {
    expect(canonicalResource(new URL('HTTP://Example.COM:8443/mcp/?a=1#f'))).toBe('http://example.com:8443/mcp');
    expect(canonicalResource(new URL('https://example.com/'))).toBe('https://example.com');
  });

  it('accepts metadata for this server or a parent path of the same origin, and refuses another', () => {
    const serverUrl = new URL('http://127.0.0.1:3000/mcp/protected');
    expect(isResourceForServer({ resource: 'http://127.0.0.1:3000/mcp/protected', serverUrl })).toBe(true);
    expect(isResourceForServer({ resource: 'http://127.0.0.1:3000/mcp', serverUrl })).toBe(true);
    expect(isResourceForServer({ resource: 'http://127.0.0.1:3000/mcp/prot', serverUrl })).toBe(false);
    expect(isResourceForServer({ resource: 'http://127.0.0.1:4000/mcp/protected', serverUrl })).toBe(false);
    expect(isResourceForServer({ resource: 'not a url', serverUrl })).toBe(false);
  });
});

describe("an issuer on the MCP server's origin (the 2025-03-26 fallback)", () => {
  const origin = 'http://localhost:4000';
  it('takes the origin, with a slash, or with a path', () => {
    for (const issuer of [origin, `${origin}/`, `${origin}/oauth`]) expect(isIssuerAtOrigin({ issuer, origin })).toBe(true);
  });
  it('refuses another origin, a query, a fragment, and what is no URL', () => {
    for (const issuer of ['http://localhost:4001/oauth', 'https://localhost:4000', `${origin}/oauth?x=1`, `${origin}/oauth#`, 'not a url'])
      expect(isIssuerAtOrigin({ issuer, origin })).toBe(false);
  });
});
