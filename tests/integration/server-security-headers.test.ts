import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { sendRawRequest } from './raw-http.ts';

/**
 * The headers npm start sends with every file: the Content-Security-Policy (script from the
 * app's own files and the pages' inline scripts by hash, nothing else; framing by the app's
 * own pages), X-Frame-Options, nosniff, no referrer, and Cross-Origin-Opener-Policy. The embeddable lesson view may be framed by any site. The real pages and a
 * browser enforcing the policy are e2e/content-security-policy.spec.ts.
 */

const INLINE_SCRIPT = "\n      document.documentElement.dataset.theme = 'dark';\n    ";
const SECOND_PAGE_SCRIPT = 'console.log("callback")';
const INLINE_STYLE = 'p{color:#123}';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

let server: RunningServer;
let staticDirectory: string;
beforeAll(async () => {
  staticDirectory = mkdtempSync(join(tmpdir(), 'explorer-static-'));
  writeFileSync(
    join(staticDirectory, 'index.html'),
    `<!doctype html><title>explorer</title><style>${INLINE_STYLE}</style><script>${INLINE_SCRIPT}</script><script type="module" src="/app.js"></script>`,
  );
  writeFileSync(join(staticDirectory, 'oauth-callback.html'), `<!doctype html><title>callback</title><script>${SECOND_PAGE_SCRIPT}</script>`);
  writeFileSync(join(staticDirectory, 'app.js'), 'console.log("app")');
  server = await serve({ port: 0, staticDirectory });
});
afterAll(async () => {
  await server.close();
  rmSync(staticDirectory, { recursive: true, force: true });
});

/** The policy's directives by name, each with its sources. */
function readPolicy(header: string | string[] | undefined): Map<string, string[]> {
  if (typeof header !== 'string') throw new Error(`Expected one Content-Security-Policy header, got ${JSON.stringify(header)}.`);
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('the content security policy', () => {
  it.each(['/', '/index.html', '/?scenario=two-rounds&step=12', '/some/deep/link', '/app.js'])(
    '%s: script from the app’s own files and the built pages’ inline scripts by hash, styles likewise, nothing inline or evaluated',
    async (path) => {
      const answer = await sendRawRequest(server.port, { path });
      expect(answer.status).toBe(200);
      const policy = readPolicy(answer.headers['content-security-policy']);
      // 'wasm-unsafe-eval' compiles WebAssembly only (the model in the tab); JavaScript is never evaluated ('unsafe-eval').
      expect(policy.get('script-src')?.sort()).toEqual(
        ["'self'", "'report-sample'", "'wasm-unsafe-eval'", sha256(INLINE_SCRIPT), sha256(SECOND_PAGE_SCRIPT)].sort(),
      );
      // The first page's stylesheet, written into it by the build, by its hash; no other inline style.
      expect(policy.get('style-src')).toEqual(["'self'", sha256(INLINE_STYLE)]);
      expect(answer.headers['content-security-policy']).not.toMatch(/unsafe-inline|'unsafe-eval'|unsafe-hashes|strict-dynamic/);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      expect(policy.get('form-action')).toEqual(["'none'"]);
      // blob: for the model in the tab's worker, which wllama builds from its bundled code.
      expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
      // A learner's MCP server or provider may be at any https address, or http on this machine or the LAN.
      expect(policy.get('connect-src')).toEqual(["'self'", 'https:', 'http:']);
    },
  );

  it('names no inline script when the built pages have none, and reads no page but the built folder’s', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'explorer-static-'));
    writeFileSync(join(bare, 'index.html'), '<!doctype html><title>bare</title><script src="/app.js"></script>');
    const other = await serve({ port: 0, staticDirectory: bare });
    try {
      const answer = await sendRawRequest(other.port, { path: '/' });
      expect(readPolicy(answer.headers['content-security-policy']).get('script-src')).toEqual(["'self'", "'report-sample'", "'wasm-unsafe-eval'"]);
    } finally {
      await other.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe('framing protection', () => {
  it.each(['/', '/index.html', '/?scenario=two-rounds&step=12', '/some/deep/link'])(
    "%s is sent with frame-ancestors 'self' and X-Frame-Options SAMEORIGIN",
    async (path) => {
      const answer = await sendRawRequest(server.port, { path });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('<title>explorer</title>');
      expect(readPolicy(answer.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'self'"]);
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    },
  );

  it.each(['/?embed=1', '/?scenario=two-rounds&step=12&embed=1'])(
    '%s, the embeddable lesson view, may be framed by any site, under the same policy otherwise',
    async (path) => {
      const answer = await sendRawRequest(server.port, { path });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('<title>explorer</title>');
      const policy = readPolicy(answer.headers['content-security-policy']);
      expect(policy.get('frame-ancestors')).toEqual(['*']);
      expect(policy.get('script-src')).toContain("'self'");
      expect(answer.headers['content-security-policy']).not.toMatch(/unsafe-inline|'unsafe-eval'/);
      expect(answer.headers['x-frame-options']).toBeUndefined();
    },
  );

  it.each(['/?embed=0', '/?embed=1x', '/?note.embed=1', '/embed'])('%s is not the embed view: the usual headers', async (path) => {
    const answer = await sendRawRequest(server.port, { path });
    expect(readPolicy(answer.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'self'"]);
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('HEAD of a page says the same', async () => {
    const answer = await sendRawRequest(server.port, { method: 'HEAD', path: '/' });
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(readPolicy(answer.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'self'"]);
  });
});

describe('the other headers', () => {
  it.each(['/', '/?embed=1', '/app.js', '/oauth-callback.html?code=abc&state=xyz'])('%s: nosniff and no referrer', async (path) => {
    const answer = await sendRawRequest(server.port, { path });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each(['/', '/?scenario=two-rounds&step=12', '/some/deep/link', '/oauth-callback.html?code=abc&state=xyz', '/app.js'])(
    '%s: Cross-Origin-Opener-Policy same-origin, the callback page included (its answer goes on the channel, not to an opener)',
    async (path) => {
      const answer = await sendRawRequest(server.port, { path });
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
    },
  );
});
