import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readHeadersFile } from '../../tests/helpers/read-headers-file.ts';
import {
  findRefusedMarkup,
  formatContentSecurityPolicy,
  formatHeadersFile,
  hashInlineScripts,
  hashPages,
  listInlineScripts,
  listInlineStyles,
} from './security-headers.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('listInlineScripts', () => {
  it('takes the text between the tags of each script without src, as a browser hashes it', () => {
    const html = [
      '<script>\n  var a = 1;\n</script>',
      '<script type="module" crossorigin src="/assets/index.js"></script>',
      "<SCRIPT type='module'>import './x.js'</SCRIPT >",
      '<script data-src="x">b()</script>',
    ].join('\n');
    expect(listInlineScripts(html)).toEqual(['\n  var a = 1;\n', "import './x.js'", 'b()']);
  });

  it('hashes each distinct script once, sorted', () => {
    expect(hashInlineScripts(['<script>a()</script><script>b()</script>', '<script>a()</script>'])).toEqual([sha256('a()'), sha256('b()')].sort());
  });
});

describe('listInlineStyles', () => {
  it('takes the text between the tags of each style element, as a browser hashes it, and hashes each apart from the scripts', () => {
    const page = '<style>p{color:red}</style><STYLE media="all">\n a{} </STYLE ><script>p()</script>';
    expect(listInlineStyles(page)).toEqual(['p{color:red}', '\n a{} ']);
    expect(hashPages([page])).toEqual({ scriptHashes: [sha256('p()')], styleHashes: [sha256('\n a{} '), sha256('p{color:red}')].sort() });
  });
});

describe('findRefusedMarkup', () => {
  it.each([
    ['<button onclick="go()">Go</button>', 'onclick'],
    ['<img src="x.png" onerror=alert(1)>', 'onerror'],
    ['<p style="color: red">x</p>', 'style'],
    ['<a href="javascript:alert(1)">x</a>', 'javascript:'],
    ['<a href = " JavaScript:alert(1)">x</a>', 'javascript:'],
  ])('finds %s', (html, what) => {
    expect(findRefusedMarkup(html).join(' ')).toContain(what);
  });

  it('leaves scripts, style elements (allowed by their hash), comments, text and other attributes alone', () => {
    const html =
      '<!-- a style="x" onclick="y" --><style>p{color:red}</style><script>if (a) b.style = "c"; el.onclick = d;</script><p class="whitespace-pre" data-on="1" aria-label="one=two">one style=x</p>';
    expect(findRefusedMarkup(html)).toEqual([]);
  });
});

describe('formatContentSecurityPolicy', () => {
  it('allows script from the origin and the hashes given, never inline or evaluated', () => {
    const policy = formatContentSecurityPolicy({ scriptHashes: [sha256('a()')], styleHashes: [sha256('p{}')], frameAncestors: "'self'" });
    // 'wasm-unsafe-eval' compiles WebAssembly only (the model in the tab); JavaScript is never evaluated ('unsafe-eval').
    expect(policy).toContain(`script-src 'self' 'report-sample' 'wasm-unsafe-eval' ${sha256('a()')};`);
    expect(policy).toContain(`style-src 'self' ${sha256('p{}')};`);
    expect(policy).not.toMatch(/unsafe-inline|'unsafe-eval'|unsafe-hashes|strict-dynamic|\*;/);
    expect(policy).toMatch(/object-src 'none'/);
    expect(policy).toMatch(/base-uri 'none'/);
    expect(policy.endsWith("frame-ancestors 'self'")).toBe(true);
  });

  it('leaves frame-ancestors out of a policy for a <meta>, where browsers ignore it', () => {
    expect(formatContentSecurityPolicy({ scriptHashes: [], styleHashes: [], frameAncestors: null })).not.toContain('frame-ancestors');
  });
});

describe('formatHeadersFile', () => {
  const file = formatHeadersFile({ scriptHashes: [sha256('a()')], styleHashes: [sha256('p{}')] });

  it.each(['/', '/index.html', '/oauth-callback.html', '/assets/index-abc.js'])('gives %s every header, each once, as npm start sends them', (pathname) => {
    const headers = readHeadersFile(file, pathname);
    expect(headers.get('content-security-policy')).toBe(
      formatContentSecurityPolicy({ scriptHashes: [sha256('a()')], styleHashes: [sha256('p{}')], frameAncestors: "'self'" }),
    );
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect([...headers.keys()]).toHaveLength(5);
  });
});
