import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { LEGACY_HEADERS } from '../helpers/mcp-http.ts';
import { sendRawRequest } from './raw-http.ts';

/**
 * DNS rebinding protection on every route, the built app's files included, checked
 * before any body is read; and requests whose Host or target no browser would send
 * are refused cleanly, never with a 500.
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

const toolsList = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
const EVERY_KIND_OF_ROUTE = [
  '/',
  '/app.js',
  '/index.html',
  '/some/page',
  '/mcp',
  '/mcp/toolbox',
  '/mcp/sessions',
  '/mcp/apps',
  '/mock/openai/v1/models',
  '/mock/anthropic/v1/messages',
  '/mock/nothing',
];

describe('the built app’s files', () => {
  it('are served to a localhost Host and to a page on an allowed origin', async () => {
    const answer = await sendRawRequest(server.port, {
      path: '/app.js',
      headers: { host: `localhost:${server.port}`, origin: `http://localhost:${server.port}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('console.log');
  });

  it('answer HEAD without a body and OPTIONS with what is allowed', async () => {
    const head = await sendRawRequest(server.port, { method: 'HEAD', path: '/index.html' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const options = await sendRawRequest(server.port, { method: 'OPTIONS', path: '/index.html' });
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('refuse %s with 405 and Allow', async (method) => {
    const answer = await sendRawRequest(server.port, {
      method,
      path: '/index.html',
      headers: { 'content-type': 'text/plain', 'content-length': '1' },
      body: 'x',
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
  });
});

describe('Host and Origin on every route', () => {
  it.each(EVERY_KIND_OF_ROUTE)('%s refuses a foreign Host with 403', async (path) => {
    const answer = await sendRawRequest(server.port, { path, headers: { host: 'evil.example' } });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).error).toMatch(/Invalid Host: evil\.example.*DNS rebinding/);
  });

  it.each(EVERY_KIND_OF_ROUTE)('%s refuses a page on a foreign Origin with 403', async (path) => {
    const answer = await sendRawRequest(server.port, { path, headers: { origin: 'http://evil.example' } });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).error).toMatch(/Invalid Origin/);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses before reading the body: a huge declared upload is answered at once and the connection closed', async () => {
    const answer = await sendRawRequest(server.port, {
      method: 'POST',
      path: '/mcp',
      headers: { ...LEGACY_HEADERS, host: 'evil.example', 'content-length': String(1024 ** 3) },
      body: toolsList,
      finish: false,
    });
    expect(answer.status).toBe(403);
    expect(answer.headers.connection).toBe('close');
    expect(answer.afterMs).toBeLessThan(2_000);
  });
});

describe('Host headers no browser sends', () => {
  it.each([
    ['a space', 'local host'],
    ['an opening bracket', '['],
    ['a path', 'localhost/mock/openai/v1/models'],
    ['a fragment', 'localhost#x'],
    ['credentials', 'localhost@evil.example'],
    ['an empty port', 'localhost:'],
    ['a port too long', 'localhost:123456'],
    ['a trailing dot', 'localhost.'],
  ])('a Host with %s gets 403 on /mcp, the mock and the files, never 500', async (_label, host) => {
    for (const path of ['/mcp', '/mock/openai/v1/models', '/']) {
      const answer = await sendRawRequest(server.port, {
        method: path === '/mcp' ? 'POST' : 'GET',
        path,
        headers: { ...LEGACY_HEADERS, host },
        body: path === '/mcp' ? toolsList : undefined,
      });
      expect(answer.status, `${path} with Host ${host}`).toBe(403);
    }
  });

  it('accepts the localhost names in any case and with a port', async () => {
    for (const host of ['LOCALHOST', `Localhost:${server.port}`, '127.0.0.1', '[::1]:1']) {
      const answer = await sendRawRequest(server.port, { method: 'POST', path: '/mcp', headers: { ...LEGACY_HEADERS, host }, body: toolsList });
      expect(answer.status, host).toBe(200);
    }
  });
});

describe('request targets that are not a path', () => {
  it.each(['http://evil.example/mcp', `http://localhost:${1}/mcp`, '*'])('%s gets 400, not a 500 or someone else’s route', async (path) => {
    const answer = await sendRawRequest(server.port, { method: 'OPTIONS', path });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error).toContain('must be a path');
  });

  it('a path beginning with // stays a path on this server', async () => {
    const answer = await sendRawRequest(server.port, { method: 'POST', path: '//evil.example/mcp', headers: LEGACY_HEADERS, body: toolsList });
    // Not /mcp (the adapter reads it as a path, as the router does): the app's files or its 404, not a rerouted MCP call.
    expect([200, 404, 405]).toContain(answer.status);
    expect(answer.body).not.toContain('add_numbers');
  });
});
