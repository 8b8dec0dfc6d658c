import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { PROXY_PAGE_POLICY } from '../../src/trace/app-view-policy.ts';
import { APP_SANDBOX_ORIGIN_PATH, APP_SANDBOX_PAGE } from '../../src/trace/mcp-apps.ts';
import { formatSandboxPage } from '../../vite-app-sandbox.ts';
import { sendHttpRequest } from '../helpers/send-http-request.ts';

/**
 * The sandbox of tools' views on npm start's second port: another origin than the explorer's,
 * serving the sandbox page alone, framed only by the explorer's pages; and the explorer's own
 * endpoints refuse a page on that origin, so a view that reached the sandbox's origin could
 * still drive nothing of the explorer.
 */

let server: RunningServer;
let staticDirectory: string;
const PAGE = formatSandboxPage('/* the sandbox script */');

beforeAll(async () => {
  staticDirectory = mkdtempSync(join(tmpdir(), 'explorer-static-'));
  writeFileSync(join(staticDirectory, 'index.html'), '<!doctype html><title>explorer</title>');
  writeFileSync(join(staticDirectory, APP_SANDBOX_PAGE), PAGE);
  server = await serve({ port: 0, staticDirectory });
});
afterAll(async () => {
  await server.close();
  rmSync(staticDirectory, { recursive: true, force: true });
});

const sandboxPort = () => Number(new URL(server.appSandboxUrl ?? '').port);

describe('the sandbox of tools’ views', () => {
  it('is on a port of its own, which the explorer names for the host name its page used', async () => {
    expect(server.appSandboxUrl).toBe(`http://127.0.0.1:${sandboxPort()}/${APP_SANDBOX_PAGE}`);
    expect(sandboxPort()).not.toBe(server.port);
    for (const host of ['127.0.0.1', 'localhost']) {
      const answer = await sendHttpRequest(`http://127.0.0.1:${server.port}${APP_SANDBOX_ORIGIN_PATH}`, { headers: { host: `${host}:${server.port}` } });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ url: `http://${host}:${sandboxPort()}/${APP_SANDBOX_PAGE}` });
    }
  });

  it('is the one other origin the explorer’s pages may frame, named for the host name they were loaded by; its script is not one the explorer’s pages may run', async () => {
    for (const host of ['127.0.0.1', 'localhost']) {
      const answer = await sendHttpRequest(`http://127.0.0.1:${server.port}/`, { headers: { host: `${host}:${server.port}` } });
      const directives = new Map(
        String(answer.headers['content-security-policy'])
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .map(([name = '', ...sources]) => [name, sources]),
      );
      expect(directives.get('frame-src')).toEqual(["'self'", `http://${host}:${sandboxPort()}`]);
      // The explorer's index.html here has no inline script: a hash would be the sandbox page's.
      expect(directives.get('script-src')?.filter((source) => source.startsWith("'sha256-"))).toEqual([]);
    }
  });

  it('serves the sandbox page with its own policy, framed by the explorer’s origin alone', async () => {
    const answer = await sendHttpRequest(`http://127.0.0.1:${sandboxPort()}/${APP_SANDBOX_PAGE}`, { headers: { host: `localhost:${sandboxPort()}` } });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(PAGE);
    expect(answer.headers['content-security-policy']).toBe(`${PROXY_PAGE_POLICY}; frame-ancestors http://localhost:${server.port}`);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['/', '/index.html', '/mcp', '/mcp/stdio', '/app-sandbox.html/../index.html'])('has nothing else: %s is 404 on its port', async (path) => {
    const answer = await sendHttpRequest(`http://127.0.0.1:${sandboxPort()}${path}`);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain('<title>explorer</title>');
  });

  it('refuses a write, and a Host that names another site (DNS rebinding)', async () => {
    expect((await sendHttpRequest(`http://127.0.0.1:${sandboxPort()}/${APP_SANDBOX_PAGE}`, { method: 'POST', body: '{}' })).status).toBe(405);
    expect(
      (await sendHttpRequest(`http://127.0.0.1:${sandboxPort()}/${APP_SANDBOX_PAGE}`, { headers: { host: `attacker.example:${sandboxPort()}` } })).status,
    ).toBe(403);
  });

  it('is a foreign origin to the explorer: its MCP endpoints and its bridge refuse a page there', async () => {
    const origin = `http://127.0.0.1:${sandboxPort()}`;
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    for (const path of ['/mcp', '/mcp/apps', '/mcp/stdio']) {
      const answer = await sendHttpRequest(`http://127.0.0.1:${server.port}${path}`, {
        method: path === '/mcp/stdio' ? 'GET' : 'POST',
        headers: { origin, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
        body: path === '/mcp/stdio' ? undefined : body,
      });
      expect(answer.status, path).toBe(403);
    }
  });
});
