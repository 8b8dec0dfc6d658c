import { describe, expect, it } from 'vitest';
import { checkDeclaredSource, formatViewAllow, formatViewPolicy, MAX_DECLARED_SOURCES, PROXY_PAGE_POLICY, screenDeclaredCsp } from './app-view-policy.ts';

/** The directives of a policy by name, each with its sources. */
function readPolicy(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('checkDeclaredSource', () => {
  it.each([
    'https://api.example.com',
    'https://*.example.com',
    'wss://live.example.com:8443',
    'http://localhost:3000',
    'http://127.0.0.1',
    'ws://localhost:9000',
  ])('accepts %s', (entry) => {
    expect(checkDeclaredSource(entry)).toEqual({ ok: true, source: entry });
  });

  it.each([
    ['https://a.example; script-src *', 'not an origin'],
    ["https://a.example 'unsafe-eval'", 'not an origin'],
    ['*', 'not an origin'],
    ["'self'", 'not an origin'],
    ['data:', 'not an origin'],
    ['https://a.example/path', 'not an origin'],
    ['https://user@a.example', 'not an origin'],
    ['HTTPS://A.EXAMPLE', 'not an origin'],
    ['javascript://a.example', 'not an origin'],
    ['https://a.example,https://b.example', 'not an origin'],
    ['https://a.example"onload="x', 'not an origin'],
    ['http://example.com', 'plain http beyond this machine'],
    ['http://*.localhost', 'plain http beyond this machine'],
    ['ws://example.com', 'plain ws beyond this machine'],
  ])('refuses %s: %s', (entry, why) => {
    const checked = checkDeclaredSource(entry);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.reason).toContain(why);
  });

  it('refuses what is not a string', () => {
    expect(checkDeclaredSource({ toString: () => 'https://a.example' }).ok).toBe(false);
  });
});

describe('screenDeclaredCsp', () => {
  it('keeps the good entries once, and names each refused one with its list and why', () => {
    const screened = screenDeclaredCsp({
      connectDomains: ['https://api.example.com', 'https://api.example.com', 'https://x; default-src *'],
      resourceDomains: [42],
    });
    expect(screened.csp).toEqual({ connectDomains: ['https://api.example.com'], resourceDomains: [] });
    expect(screened.refused).toEqual([
      { list: 'connectDomains', entry: 'https://x; default-src *', reason: expect.stringContaining('not an origin') },
      { list: 'resourceDomains', entry: '42', reason: 'it is not a string' },
    ]);
  });

  it(`stops a list at ${MAX_DECLARED_SOURCES} entries`, () => {
    const many = Array.from({ length: MAX_DECLARED_SOURCES + 3 }, (_, index) => `https://host${index}.example`);
    const screened = screenDeclaredCsp({ resourceDomains: many });
    expect(screened.csp.resourceDomains).toHaveLength(MAX_DECLARED_SOURCES);
    expect(screened.refused).toHaveLength(3);
  });
});

describe('formatViewPolicy', () => {
  it('with nothing declared, is the extension’s restrictive default, and reaches no network at all', () => {
    const policy = readPolicy(formatViewPolicy(undefined));
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('connect-src')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
  });

  it('adds each declared domain to its directives, and only there', () => {
    const policy = readPolicy(
      formatViewPolicy({
        connectDomains: ['https://api.example.com'],
        resourceDomains: ['https://cdn.example.com'],
        frameDomains: ['https://player.example.com'],
        baseUriDomains: ['https://base.example.com'],
      }),
    );
    for (const directive of ['script-src', 'style-src', 'img-src', 'font-src', 'media-src']) expect(policy.get(directive)).toContain('https://cdn.example.com');
    expect(policy.get('connect-src')).toEqual(['https://api.example.com']);
    expect(policy.get('frame-src')).toEqual(['https://player.example.com']);
    expect(policy.get('base-uri')).toEqual(['https://base.example.com']);
  });

  it('writes no entry that fails the check, even when handed one unscreened', () => {
    const policy = formatViewPolicy({ connectDomains: ['https://x; script-src *', 'https://ok.example'] });
    expect(policy).not.toContain('x;');
    expect(readPolicy(policy).get('connect-src')).toEqual(['https://ok.example']);
    expect(policy.split(';').filter((directive) => directive.trim().startsWith('script-src'))).toHaveLength(1);
  });

  it('allows nothing the proxy page’s own policy would refuse: every view source is within the proxy’s', () => {
    const proxy = readPolicy(PROXY_PAGE_POLICY);
    const view = readPolicy(formatViewPolicy({ connectDomains: ['https://a.example', 'http://localhost:3000'], resourceDomains: ['https://*.cdn.example'] }));
    for (const [directive, sources] of view) {
      if (sources.includes("'none'")) continue;
      const allowed = proxy.get(directive) ?? [];
      for (const source of sources) {
        const scheme = source.split('//')[0];
        const covered =
          allowed.includes(source) || allowed.includes(scheme ?? '') || (source.startsWith('http://localhost') && allowed.includes('http://localhost:*'));
        expect(covered, `${directive} ${source}`).toBe(true);
      }
    }
  });
});

describe('formatViewAllow', () => {
  it('maps the four known permissions to their features, and nothing else', () => {
    expect(formatViewAllow({ camera: {}, clipboardWrite: {}, fullscreen: {}, geolocation: false })).toBe('camera; clipboard-write');
    expect(formatViewAllow(undefined)).toBe('');
  });
});
