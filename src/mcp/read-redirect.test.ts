import { describe, expect, it } from 'vitest';
import { readRedirect } from './read-redirect.ts';

const REQUEST_URL = 'http://192.168.1.5:3000/mcp';

function redirectTo(location: string, status = 302): Response {
  return new Response(null, { status, headers: { location } });
}

function read(location: string) {
  return readRedirect({ response: redirectTo(location), requestUrl: REQUEST_URL, redactUrl: (url) => url });
}

describe('readRedirect', () => {
  it.each([
    ['javascript:fetch("/pwned")//', 'its scheme is javascript:'],
    ['JaVaScRiPt:alert(1)', 'its scheme is javascript:'],
    ['data:text/html,<script>alert(1)</script>', 'its scheme is data:'],
    ['file:///etc/passwd', 'its scheme is file:'],
    ['blob:http://192.168.1.5:3000/8c6a2f4e', 'its scheme is blob:'],
    ['vbscript:msgbox(1)', 'its scheme is vbscript:'],
    ['java\tscript:alert(1)', 'control or direction characters'],
    ['https://192.168.1.5:3000@evil.example/mcp', 'user name or password'],
    ['http://evil.example/mcp', 'plain http to evil.example'],
    ['//evil.example/mcp', 'plain http to evil.example'],
  ])('names %j as refused by the URL gate (%s), never as an address to use', (location, reason) => {
    const stop = read(location);
    expect(stop).toMatchObject({ kind: 'redirect', status: 302, location, sameOrigin: undefined });
    expect(stop?.refused).toContain(reason);
  });

  it.each([
    ['/moved/mcp', 'http://192.168.1.5:3000/moved/mcp', true],
    ['http://192.168.1.5:3000/v2/mcp', 'http://192.168.1.5:3000/v2/mcp', true],
    ['https://mcp.example.com/mcp', 'https://mcp.example.com/mcp', false],
    ['//mcp.example.com/mcp?x=1', 'http://mcp.example.com/mcp?x=1', undefined],
  ])('resolves %j against the request, plain http allowed to its own origin', (location, target, sameOrigin) => {
    const stop = read(location);
    if (sameOrigin === undefined) {
      // Scheme-relative keeps the request's http: to another host, which the gate refuses.
      expect(stop?.refused).toContain('plain http');
      return;
    }
    expect(stop).toEqual({ kind: 'redirect', status: 302, location: target, sameOrigin });
  });

  it('reads no redirect in a 304 or a 3xx without Location', () => {
    expect(
      readRedirect({ response: new Response(null, { status: 304, headers: { location: '/x' } }), requestUrl: REQUEST_URL, redactUrl: (url) => url }),
    ).toBeUndefined();
    expect(readRedirect({ response: new Response(null, { status: 302 }), requestUrl: REQUEST_URL, redactUrl: (url) => url })).toBeUndefined();
  });
});
