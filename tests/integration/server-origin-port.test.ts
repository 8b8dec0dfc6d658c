import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/http/create-app.ts';
import { readNetworkFlags } from '../../server/node/network-flags.ts';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { INITIALIZE, LEGACY_HEADERS } from '../helpers/mcp-http.ts';
import { sendRawRequest } from './raw-http.ts';
import { startServerProcess } from './server-process.ts';

/**
 * The Origin check reads scheme, host and port. A page on another port of localhost
 * is another program's page: it used to drive and read /mcp and /mock, and could fill
 * the 100 sessions so that the learner's Sessions scenario met a 503. By default only
 * the app's own origin, as the request addresses the server, is allowed;
 * --allow-origin admits others, such as the MCP Inspector's page.
 */

let server: RunningServer;
let staticDirectory: string;
beforeAll(async () => {
  staticDirectory = mkdtempSync(join(tmpdir(), 'explorer-static-'));
  writeFileSync(join(staticDirectory, 'index.html'), '<!doctype html><title>explorer</title>');
  server = await serve({ port: 0, staticDirectory });
});
afterAll(async () => {
  await server.close();
  rmSync(staticDirectory, { recursive: true, force: true });
});

const toolsList = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
const chatBody = JSON.stringify({ messages: [{ role: 'user', content: 'What is 5 plus 7?' }] });
const ROUTES: [string, string | undefined][] = [
  ['/mcp', toolsList],
  ['/mcp/toolbox', toolsList],
  ['/mcp/sessions', JSON.stringify(INITIALIZE)],
  ['/mock/openai/v1/chat/completions', chatBody],
  ['/mock/openai/v1/models', undefined],
  ['/', undefined],
];

function send(path: string, body: string | undefined, headers: Record<string, string>) {
  return sendRawRequest(server.port, body === undefined ? { path, headers } : { method: 'POST', path, headers: { ...LEGACY_HEADERS, ...headers }, body });
}

describe('the app’s own origin', () => {
  it.each(ROUTES)('%s answers a page on it, under either name the page used', async (path, body) => {
    const viaAddress = await send(path, body, { origin: `http://127.0.0.1:${server.port}` });
    expect(viaAddress.status).toBe(200);
    const viaName = await send(path, body, { host: `localhost:${server.port}`, origin: `http://localhost:${server.port}` });
    expect(viaName.status).toBe(200);
  });
});

describe('a page on another origin of this machine', () => {
  const others = (port: number) => [
    `http://localhost:${port + 1}`,
    `http://127.0.0.1:${port === 5173 ? 5174 : 5173}`,
    `http://[::1]:${port}`,
    // Another name on the same port: "localhost" may reach another server, on ::1.
    `http://localhost:${port}`,
    `https://127.0.0.1:${port}`,
  ];

  it.each(ROUTES)('%s refuses it with 403 and no CORS headers, saying how to admit it', async (path, body) => {
    for (const origin of others(server.port)) {
      const answer = await send(path, body, { origin });
      expect(answer.status, origin).toBe(403);
      expect(answer.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(JSON.parse(answer.body).error, origin).toMatch(/Invalid Origin.*--allow-origin/);
    }
  });

  it('cannot fill the sessions: 110 initialize requests make none', async () => {
    const before = server.countSessions();
    for (let index = 0; index < 110; index++) {
      const answer = await send('/mcp/sessions', JSON.stringify(INITIALIZE), { origin: `http://localhost:${server.port + 1}` });
      expect(answer.status).toBe(403);
    }
    expect(server.countSessions()).toBe(before);
    const learner = await send('/mcp/sessions', JSON.stringify(INITIALIZE), { origin: `http://127.0.0.1:${server.port}` });
    expect(learner.status).toBe(200);
  });
});

describe('--allow-origin', () => {
  let admitting: RunningServer;
  beforeAll(async () => {
    const network = readNetworkFlags({ 'allow-origin': ['http://localhost:6274', 'HTTP://127.0.0.1:6274/'] }, (message) => {
      throw new Error(message);
    });
    expect(network.allowedOrigins).toEqual(['http://localhost:6274', 'http://127.0.0.1:6274']);
    admitting = await serve({ port: 0, allowedOrigins: network.allowedOrigins });
  });
  afterAll(async () => {
    await admitting.close();
  });

  it('admits exactly the origins named, with the CORS headers their pages need', async () => {
    for (const origin of ['http://localhost:6274', 'http://127.0.0.1:6274']) {
      const answer = await sendRawRequest(admitting.port, { method: 'POST', path: '/mcp', headers: { ...LEGACY_HEADERS, origin }, body: toolsList });
      expect(answer.status, origin).toBe(200);
      expect(answer.headers['access-control-allow-origin']).toBe(origin);
      expect(answer.headers['access-control-expose-headers']).toContain('mcp-session-id');
    }
    for (const origin of ['http://localhost:6275', 'https://localhost:6274', 'http://[::1]:6274']) {
      const answer = await sendRawRequest(admitting.port, { method: 'POST', path: '/mcp', headers: { ...LEGACY_HEADERS, origin }, body: toolsList });
      expect(answer.status, origin).toBe(403);
    }
  });

  it('refuses what is not an origin, saying what to give', () => {
    const fail = (message: string): never => {
      throw new Error(message);
    };
    expect(() => readNetworkFlags({ 'allow-origin': ['localhost:6274'] }, fail)).toThrow(/must begin with http:\/\/ or https:\/\//);
    expect(() => readNetworkFlags({ 'allow-origin': ['*'] }, fail)).toThrow(/is not an origin/);
    expect(() => readNetworkFlags({ 'allow-origin': ['http://localhost:6274/inspector'] }, fail)).toThrow(/without a path/);
  });

  it('is read by npm run server from the command line, repeated', async () => {
    const child = await startServerProcess(['--allow-origin', 'http://localhost:6274', '--allow-origin', 'http://localhost:6277']);
    try {
      for (const [origin, status] of [
        ['http://localhost:6274', 200],
        ['http://localhost:6277', 200],
        ['http://localhost:6275', 403],
      ] as const) {
        const answer = await sendRawRequest(child.port, { method: 'POST', path: '/mcp', headers: { ...LEGACY_HEADERS, origin }, body: toolsList });
        expect(answer.status, origin).toBe(status);
      }
    } finally {
      await child.stop();
    }
  }, 40_000);
});

describe('the web-standard app, as the static site’s Service Worker runs it', () => {
  it('allows the site’s own https origin (and no Origin at all), and refuses its other ports and schemes', async () => {
    const app = createApp({ allowedHostnames: ['example.github.io'] });
    const post = (origin: string | undefined) =>
      app.fetch(
        new Request('https://example.github.io/mcp', {
          method: 'POST',
          headers: { ...LEGACY_HEADERS, ...(origin === undefined ? {} : { origin }) },
          body: toolsList,
        }),
      );
    try {
      expect((await post(undefined)).status).toBe(200);
      expect((await post('https://example.github.io')).status).toBe(200);
      expect((await post('https://example.github.io:8443')).status).toBe(403);
      expect((await post('http://example.github.io')).status).toBe(403);
    } finally {
      await app.close();
    }
  });
});
