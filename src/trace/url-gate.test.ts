import { describe, expect, it } from 'vitest';
import { isLoopbackHostname, MAX_GATED_URL_LENGTH, passUrlGate, type UrlRefusal } from './url-gate.ts';

/** Hostile URLs as servers, views and imported traces have sent them, each with the refusal it must meet. */
const HOSTILE: Array<[string, UrlRefusal]> = [
  ['javascript:alert(document.domain)//', 'scheme'],
  ['JaVaScRiPt:alert(1)', 'scheme'],
  ['javascript:(()=>{fetch("/mcp/stdio/x",{method:"POST"})})()//', 'scheme'],
  [' javascript:alert(1)', 'surrounding-space'],
  ['\u0000javascript:alert(1)', 'control-characters'],
  ['\u0001javascript:alert(1)', 'control-characters'],
  ['java\tscript:alert(1)', 'control-characters'],
  ['java\nscript:alert(1)', 'control-characters'],
  ['javascript\r:alert(1)', 'control-characters'],
  ['\u202ejavascript:alert(1)', 'control-characters'],
  ['https://example.com/\u202egpj.exe', 'control-characters'],
  ['https://example.com/ ', 'surrounding-space'],
  ['data:text/html,<script>alert(1)</script>', 'scheme'],
  ['DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'scheme'],
  ['file:///etc/passwd', 'scheme'],
  ['blob:https://example.com/4a1c4f51-0000-4000-8000-000000000000', 'scheme'],
  ['vbscript:msgbox(1)', 'scheme'],
  ['VBScript:msgbox(1)', 'scheme'],
  ['ftp://example.com/x', 'scheme'],
  ['ws://127.0.0.1:3000/', 'scheme'],
  ['chrome://settings', 'scheme'],
  ['about:blank', 'scheme'],
  ['mailto:a@example.com', 'scheme'],
  ['//evil.example/authorize', 'unparseable'],
  ['/oauth/authorize', 'unparseable'],
  ['evil.example', 'unparseable'],
  ['https://', 'unparseable'],
  ['', 'empty'],
  ['https://trusted.example@evil.example/authorize', 'credentials'],
  ['https://user:pass@example.com/', 'credentials'],
  ['https://trusted.example%40@evil.example/', 'credentials'],
  ['http://evil.example/authorize', 'insecure-http'],
  ['HTTP://evil.example/authorize', 'insecure-http'],
  ['http://127.0.0.1.evil.example/', 'insecure-http'],
  ['http://localhost.evil.example/', 'insecure-http'],
  ['http://10.0.0.5:3000/oauth/authorize', 'insecure-http'],
  [`https://example.com/${'a'.repeat(MAX_GATED_URL_LENGTH)}`, 'too-long'],
];

describe('passUrlGate', () => {
  it.each(HOSTILE)('refuses %j (%s)', (text, refusal) => {
    const result = passUrlGate({ text });
    expect(result).toMatchObject({ ok: false, refusal });
    if (!result.ok) expect(result.reason.length).toBeGreaterThan(10);
  });

  it.each([
    ['https://auth.example.com/authorize?client_id=x&state=y', 'https://auth.example.com/authorize?client_id=x&state=y'],
    ['HTTPS://Auth.Example.com/a', 'https://auth.example.com/a'],
    ['http://127.0.0.1:3000/oauth/authorize', 'http://127.0.0.1:3000/oauth/authorize'],
    ['http://127.8.9.1/x', 'http://127.8.9.1/x'],
    ['http://localhost:5173/cb', 'http://localhost:5173/cb'],
    ['http://app.localhost/cb', 'http://app.localhost/cb'],
    ['http://[::1]:3000/x', 'http://[::1]:3000/x'],
    // The WHATWG parser reads a backslash as a slash: what passes is what a browser would open.
    ['https:\\\\example.com\\path', 'https://example.com/path'],
    ['https://example.com/a b', 'https://example.com/a%20b'],
  ])('passes %j as %j', (text, href) => {
    expect(passUrlGate({ text })).toEqual({ ok: true, url: href });
  });

  it('refuses what is not a string', () => {
    for (const text of [undefined, null, 42, { href: 'https://example.com' }, ['https://example.com']]) {
      expect(passUrlGate({ text })).toMatchObject({ ok: false, refusal: 'empty' });
    }
  });

  it('resolves a relative URL only against a base, and gates the result', () => {
    expect(passUrlGate({ text: '/authorize', base: 'https://auth.example.com/x' })).toEqual({ ok: true, url: 'https://auth.example.com/authorize' });
    expect(passUrlGate({ text: '//evil.example/a', base: 'https://auth.example.com/x' })).toEqual({ ok: true, url: 'https://evil.example/a' });
    expect(passUrlGate({ text: 'javascript:alert(1)', base: 'https://auth.example.com/x' })).toMatchObject({ ok: false, refusal: 'scheme' });
    expect(passUrlGate({ text: '//evil.example/a', base: 'http://127.0.0.1:3000/' })).toMatchObject({ ok: false, refusal: 'insecure-http' });
  });

  it('allows plain http to an origin the learner chose, and to no other', () => {
    const httpOrigins = ['http://192.168.1.5:3000'];
    expect(passUrlGate({ text: 'http://192.168.1.5:3000/oauth/authorize', httpOrigins })).toMatchObject({ ok: true });
    expect(passUrlGate({ text: 'http://192.168.1.5:3001/oauth/authorize', httpOrigins })).toMatchObject({ ok: false, refusal: 'insecure-http' });
    expect(passUrlGate({ text: 'javascript:alert(1)', httpOrigins: ['null'] })).toMatchObject({ ok: false, refusal: 'scheme' });
  });
});

describe('isLoopbackHostname', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST', true],
    ['a.localhost', true],
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['[::1]', true],
    ['::1', true],
    ['localhost.example', false],
    ['127.0.0.1.nip.io', false],
    ['128.0.0.1', false],
    ['0.0.0.0', false],
    ['[::]', false],
    ['example.com', false],
  ])('%s → %s', (hostname, loopback) => {
    expect(isLoopbackHostname(hostname)).toBe(loopback);
  });
});
