import { describe, expect, it } from 'vitest';
import { describeClientMetadataDocument, isRegisteredRedirectUri } from './client-metadata-document.ts';

describe('isRegisteredRedirectUri', () => {
  const registered = ['https://explorer.example/oauth-callback.html', 'http://127.0.0.1/callback', 'http://[::1]/callback'];

  it('takes a listed URI exactly, and a loopback IP redirect on any port (RFC 8252 §7.3)', () => {
    expect(isRegisteredRedirectUri({ registered, requested: 'https://explorer.example/oauth-callback.html' })).toBe(true);
    expect(isRegisteredRedirectUri({ registered, requested: 'http://127.0.0.1:53211/callback' })).toBe(true);
    expect(isRegisteredRedirectUri({ registered, requested: 'http://[::1]:8080/callback' })).toBe(true);
  });

  it('refuses another port for https, another path or host on loopback, and localhost by name', () => {
    expect(isRegisteredRedirectUri({ registered, requested: 'https://explorer.example:8443/oauth-callback.html' })).toBe(false);
    expect(isRegisteredRedirectUri({ registered, requested: 'http://127.0.0.1:53211/other' })).toBe(false);
    expect(isRegisteredRedirectUri({ registered, requested: 'http://127.0.0.2:53211/callback' })).toBe(false);
    expect(isRegisteredRedirectUri({ registered, requested: 'http://localhost:53211/callback' })).toBe(false);
    expect(isRegisteredRedirectUri({ registered, requested: 'http://127.0.0.1:53211/callback?x=1' })).toBe(false);
  });
});

describe('describeClientMetadataDocument', () => {
  it("names itself under the site's folder", () => {
    const document = describeClientMetadataDocument({ origin: 'https://user.github.io', basePath: '/explorer/' });
    expect(document.client_id).toBe('https://user.github.io/explorer/oauth/client-metadata.json');
    expect(document.redirect_uris[0]).toBe('https://user.github.io/explorer/oauth-callback.html');
  });
});
