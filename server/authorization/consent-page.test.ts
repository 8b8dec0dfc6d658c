import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CONSENT_STYLE, CONSENT_STYLE_HASH, renderConsentPage } from './consent-page.ts';
import { escapeMarkup } from '../../src/trace/escape-markup.ts';

describe('the consent page', () => {
  it('allows by its CSP exactly the style it writes', () => {
    expect(CONSENT_STYLE_HASH).toBe(`sha256-${createHash('sha256').update(CONSENT_STYLE).digest('base64')}`);
  });

  it('escapes the five characters that could end a text or an attribute', () => {
    expect(escapeMarkup(`<a href="x" title='y'>&</a>`)).toBe('&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;');
  });

  it("writes a hostile client name as text, and lets the form go only here and to the redirect URI's origin", async () => {
    const response = renderConsentPage({
      consentId: 'id',
      formPath: 'http://127.0.0.1:3000/oauth/authorize',
      request: {
        fault: undefined,
        clientId: 'c',
        clientName: '<script>alert(1)</script>',
        redirectUri: 'http://127.0.0.1:9/cb?x="><img src=x>',
        state: 's',
        codeChallenge: 'x',
        resource: 'r',
        scopes: ['mcp:tools'],
      },
    });
    const html = await response.text();
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(response.headers.get('content-security-policy')).toBe(
      `default-src 'none'; style-src '${CONSENT_STYLE_HASH}'; form-action 'self' http://127.0.0.1:9; frame-ancestors 'none'; base-uri 'none'`,
    );
  });
});
