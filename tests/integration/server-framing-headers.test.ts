import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { sendRawRequest } from './raw-http.ts';

/**
 * The explorer's pages may be framed only by the app's own pages: a foreign page
 * that framed it could run a deep-linked lifecycle under a decoy. Every HTML page
 * the server sends, the single-page fallback included, says so in both headers
 * browsers read.
 */

let server: RunningServer;
let staticDirectory: string;
beforeAll(async () => {
  staticDirectory = mkdtempSync(join(tmpdir(), 'explorer-static-'));
  writeFileSync(join(staticDirectory, 'index.html'), '<!doctype html><title>explorer</title>');
  writeFileSync(join(staticDirectory, 'app.js'), 'console.log("app")');
  server = await serve({ port: 0, staticDirectory });
});
afterAll(async () => {
  await server.close();
  rmSync(staticDirectory, { recursive: true, force: true });
});

describe('framing protection', () => {
  it.each(['/', '/index.html', '/?scenario=two-rounds&step=12', '/some/deep/link'])('%s is sent with frame-ancestors \'self\' and X-Frame-Options SAMEORIGIN', async (path) => {
    const answer = await sendRawRequest(server.port, { path });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<title>explorer</title>');
    expect(answer.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it.each(['/?embed=1', '/?scenario=two-rounds&step=12&embed=1'])('%s, the embeddable lesson view, may be framed by any site and says nothing else', async (path) => {
    const answer = await sendRawRequest(server.port, { path });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('<title>explorer</title>');
    expect(answer.headers['content-security-policy']).toBe('frame-ancestors *');
    expect(answer.headers['x-frame-options']).toBeUndefined();
  });

  it.each(['/?embed=0', '/?embed=1x', '/?note.embed=1', '/embed'])('%s is not the embed view: the usual headers', async (path) => {
    const answer = await sendRawRequest(server.port, { path });
    expect(answer.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('HEAD of a page says the same', async () => {
    const answer = await sendRawRequest(server.port, { method: 'HEAD', path: '/' });
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
