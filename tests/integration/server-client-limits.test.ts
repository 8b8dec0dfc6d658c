import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_LIMITS } from '../../server/node/client-limits.ts';
import { readNetworkFlags } from '../../server/node/network-flags.ts';
import { resolveClientLimits, serve, type RunningServer } from '../../server/node/serve.ts';
import { INITIALIZE, LEGACY_HEADERS } from '../helpers/mcp-http.ts';
import { sendRawRequest } from './raw-http.ts';
import { startServerProcess } from './server-process.ts';

/**
 * When the server is shared by a class (--host beyond loopback), one client must not
 * starve the others: each client gets its own share of live sessions and of request
 * rate, answered past it with 429 and Retry-After in the route's own error shape. The
 * clients here send no client id (as the CLI and curl do), so each is its address's own
 * client: they are all on this machine, told apart by source address (127.0.0.2,
 * 127.0.0.3, …: Linux routes all of 127.0.0.0/8 to loopback), with the limits asked for
 * explicitly, since on loopback they are off by default. Browsers behind one address,
 * told apart by the id the server gives them, are in server-class-one-address.test.ts.
 */

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const fail = (message: string): never => {
  throw new Error(message);
};
const toolsList = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });

function initialize(port: number, localAddress: string) {
  return sendRawRequest(port, { method: 'POST', path: '/mcp/sessions', headers: LEGACY_HEADERS, body: JSON.stringify(INITIALIZE), localAddress });
}

describe('when the limits apply', () => {
  it('beyond loopback by default, not on loopback, and whenever one is asked for', () => {
    expect(resolveClientLimits('0.0.0.0', undefined)).toEqual(DEFAULT_CLIENT_LIMITS);
    expect(resolveClientLimits('192.168.1.5', undefined)).toEqual(DEFAULT_CLIENT_LIMITS);
    expect(resolveClientLimits('127.0.0.1', undefined)).toBeUndefined();
    expect(resolveClientLimits('0.0.0.0', false)).toBeUndefined();
    expect(resolveClientLimits('127.0.0.1', { maxSessions: 2 })).toEqual({ ...DEFAULT_CLIENT_LIMITS, maxSessions: 2 });
  });

  it('are read from the flags, and the warning beyond loopback says what they are', () => {
    const network = readNetworkFlags(
      {
        'max-sessions-per-client': '3',
        'max-requests-per-minute': '120',
        'max-connections-per-client': '8',
        'max-connections': '64',
        'clients-per-address': '20',
      },
      fail,
    );
    expect(network.clientLimits).toEqual({ maxSessions: 3, requestsPerMinute: 120, burst: 30, maxConnections: 8, clientsPerAddress: 20 });
    expect(network.maxConnections).toBe(64);
    const exposed = readNetworkFlags({ host: '0.0.0.0' }, fail);
    expect(exposed.clientLimits).toBeUndefined();
    expect(exposed.warning).toContain(
      `may hold ${DEFAULT_CLIENT_LIMITS.maxSessions} sessions and send ${DEFAULT_CLIENT_LIMITS.requestsPerMinute} requests a minute`,
    );
    expect(exposed.warning).toContain(
      `the clients behind one address may take ${DEFAULT_CLIENT_LIMITS.clientsPerAddress} such shares together, and hold ${DEFAULT_CLIENT_LIMITS.maxConnections * DEFAULT_CLIENT_LIMITS.clientsPerAddress} connections`,
    );
    for (const bad of ['0', '-1', '2.5', 'many']) expect(() => readNetworkFlags({ 'max-requests-per-minute': bad }, fail), bad).toThrow(/is not a count/);
  });

  it('are off on loopback by default: 300 requests at once from one client are all answered', async () => {
    server = await serve({ port: 0 });
    const answers = await Promise.all(Array.from({ length: 300 }, () => sendRawRequest(server!.port, { path: '/mock/openai/v1/models', timeoutMs: 15_000 })));
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  });
});

describe('live sessions per client', () => {
  it('a client over its share gets 429 with Retry-After (when its idlest session expires); other clients still start theirs; a DELETE makes room', async () => {
    server = await serve({ port: 0, clientLimits: { maxSessions: 2 }, sessionIdleTimeoutMs: 60_000 });
    const first = await initialize(server.port, '127.0.0.2');
    expect(first.status).toBe(200);
    expect((await initialize(server.port, '127.0.0.2')).status).toBe(200);

    const refused = await initialize(server.port, '127.0.0.2');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringContaining('at most 2') }, id: 0 });

    // Several other clients at once, each with its own share.
    const others = await Promise.all(
      ['127.0.0.3', '127.0.0.4', '127.0.0.5'].flatMap((address) => [initialize(server!.port, address), initialize(server!.port, address)]),
    );
    expect(others.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(server.countSessions()).toBe(8);

    const sessionId = String(first.headers['mcp-session-id']);
    const ended = await sendRawRequest(server.port, {
      method: 'DELETE',
      path: '/mcp/sessions',
      headers: { ...LEGACY_HEADERS, 'mcp-session-id': sessionId },
      localAddress: '127.0.0.2',
    });
    expect(ended.status).toBe(200);
    expect((await initialize(server.port, '127.0.0.2')).status).toBe(200);
  });
});

describe('request rate per client', () => {
  // 6 a minute refills one request every 10 s: within this test, a client gets its burst and no more.
  const limits = { requestsPerMinute: 6, burst: 5 };

  it('a client past its burst gets 429 with Retry-After in the route’s own error shape, on the API and the files', async () => {
    server = await serve({ port: 0, clientLimits: limits });
    const statuses = [];
    for (let index = 0; index < 5; index++)
      statuses.push((await sendRawRequest(server.port, { path: '/mock/openai/v1/models', localAddress: '127.0.0.2' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);

    const mcp = await sendRawRequest(server.port, { method: 'POST', path: '/mcp', headers: LEGACY_HEADERS, body: toolsList, localAddress: '127.0.0.2' });
    expect(mcp.status).toBe(429);
    expect(Number(mcp.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(mcp.headers['retry-after'])).toBeLessThanOrEqual(10);
    expect(JSON.parse(mcp.body)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringContaining('Too many requests') } });

    const mock = await sendRawRequest(server.port, {
      method: 'POST',
      path: '/mock/anthropic/v1/messages',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      localAddress: '127.0.0.2',
    });
    expect(mock.status).toBe(429);
    expect(JSON.parse(mock.body)).toMatchObject({ type: 'error', error: { message: expect.stringContaining('Retry-After') } });

    const page = await sendRawRequest(server.port, { path: '/', localAddress: '127.0.0.2' });
    expect(page.status).toBe(429);
  });

  it('one client hammering does not slow the others: several clients at once each get their own burst', async () => {
    server = await serve({ port: 0, clientLimits: limits });
    const clients = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
    const greedy = Array.from({ length: 60 }, () => sendRawRequest(server!.port, { path: '/mock/openai/v1/models', localAddress: '127.0.0.9' }));
    const polite = clients.map((localAddress) =>
      Promise.all(Array.from({ length: 5 }, () => sendRawRequest(server!.port, { path: '/mock/openai/v1/models', localAddress }))),
    );
    const greedyStatuses = (await Promise.all(greedy)).map((answer) => answer.status);
    expect(greedyStatuses.filter((status) => status === 200)).toHaveLength(5);
    expect(greedyStatuses.filter((status) => status === 429)).toHaveLength(55);
    for (const answers of await Promise.all(polite)) expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('a client that waits Retry-After is served again', async () => {
    server = await serve({ port: 0, clientLimits: { requestsPerMinute: 60, burst: 1 } });
    expect((await sendRawRequest(server.port, { path: '/mock/openai/v1/models', localAddress: '127.0.0.2' })).status).toBe(200);
    const refused = await sendRawRequest(server.port, { path: '/mock/openai/v1/models', localAddress: '127.0.0.2' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect((await sendRawRequest(server.port, { path: '/mock/openai/v1/models', localAddress: '127.0.0.2' })).status).toBe(200);
  });

  it('is set by npm run server’s --max-requests-per-minute, on loopback too', async () => {
    // 4 a minute: bursts of 1.
    const child = await startServerProcess(['--max-requests-per-minute', '4']);
    try {
      expect((await sendRawRequest(child.port, { path: '/mock/openai/v1/models' })).status).toBe(200);
      const refused = await sendRawRequest(child.port, { path: '/mock/openai/v1/models' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(1);
    } finally {
      await child.stop();
    }
  }, 40_000);
});
