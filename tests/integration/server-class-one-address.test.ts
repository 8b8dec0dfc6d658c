import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '@modelcontextprotocol/client';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { createMockRun } from '../helpers/create-mock-run.ts';
import { INITIALIZE, LEGACY_HEADERS } from '../helpers/mcp-http.ts';
import { sendRawRequest } from './raw-http.ts';
import { startServerProcess } from './server-process.ts';

/**
 * A class that reaches the explorer through one address (a school's NAT, a proxy): the
 * per-client limits used to count by source address, so the class shared one learner's
 * share, and 23 of 40 lifecycles of 5 learners failed. Each browser now gets an opaque
 * client id from the server (an HttpOnly, SameSite=Strict cookie on its first answer, so
 * it needs no Service Worker and no script), and each id has its own share; the address
 * stays a looser outer bound (ten shares by default), since anyone can collect ids. All
 * clients here come from 127.0.0.1, with the limits switched on as on a shared server.
 */

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The cookie the server issues with its first answer (the page, or any route), as a browser keeps it. */
async function fetchClientCookie(running: Pick<RunningServer, 'port'>): Promise<string> {
  const answer = await sendRawRequest(running.port, { path: '/mock/openai/v1/models' });
  const setCookie = answer.headers['set-cookie']?.[0];
  if (!setCookie) throw new Error(`No client id was issued (HTTP ${answer.status})`);
  expect(setCookie).toMatch(/; HttpOnly/i);
  expect(setCookie).toMatch(/; SameSite=Strict/i);
  return setCookie.split(';')[0]!;
}

/** A browser's fetch: it sends its cookie with every request to its own server. */
function fetchWithCookie(cookie: string): FetchLike {
  return (url, init) => {
    const headers = new Headers(init?.headers);
    headers.set('cookie', cookie);
    return fetch(url, { ...init, headers });
  };
}

function initialize(running: RunningServer, cookie?: string) {
  return sendRawRequest(running.port, {
    method: 'POST',
    path: '/mcp/sessions',
    headers: { ...LEGACY_HEADERS, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(INITIALIZE),
  });
}

describe('a class of 30 learners behind one address', () => {
  it('runs every learner’s lifecycle, each in a session of its own, with the default per-client limits on (npm run server --clients-per-address 10)', async () => {
    // Its own process, as a class's server is: 30 engines and the server in one event loop measure the machine, not the limits.
    const running = await startServerProcess(['--clients-per-address', '10']);
    try {
      const cookies = await Promise.all(Array.from({ length: 30 }, () => fetchClientCookie(running)));
      expect(new Set(cookies).size).toBe(30);
      // The network timeout is a minute: on a loaded machine a lifecycle may wait, and this is about limits, not speed.
      const runs = cookies.map((cookie) =>
        createMockRun(running.url, {
          mcpUrl: `${running.url}/mcp/sessions`,
          fetch: fetchWithCookie(cookie),
          autoRelease: true,
          networkTimeoutMs: 60_000,
        }).start(),
      );
      const traces = await Promise.all(runs);
      const failed = traces.filter((trace) => trace.status !== 'complete').map((trace) => trace.steps.at(-1)?.fault?.what);
      expect(failed).toEqual([]);
      expect(traces.map((trace) => trace.answer)).toEqual(Array.from({ length: 30 }, () => expect.stringContaining('12')));
    } finally {
      await running.stop();
    }
  }, 240_000);
});

describe('each share, and the address around them', () => {
  it('a client over its own share of sessions gets 429, while the others behind its address start theirs', async () => {
    server = await serve({ port: 0, clientLimits: { maxSessions: 2 }, sessionIdleTimeoutMs: 60_000 });
    const [greedy, other] = [await fetchClientCookie(server), await fetchClientCookie(server)];
    expect((await initialize(server, greedy)).status).toBe(200);
    expect((await initialize(server, greedy)).status).toBe(200);
    const refused = await initialize(server, greedy);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { message: expect.stringContaining('Too many live sessions from this client') } });
    expect((await initialize(server, other)).status).toBe(200);
  });

  it('a client past its own burst gets 429, while another behind its address is served', async () => {
    server = await serve({ port: 0, clientLimits: { requestsPerMinute: 6, burst: 5 } });
    const [greedy, other] = [await fetchClientCookie(server), await fetchClientCookie(server)];
    const statuses = [];
    for (let index = 0; index < 6; index++)
      statuses.push((await sendRawRequest(server.port, { path: '/mock/openai/v1/models', headers: { cookie: greedy } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await sendRawRequest(server.port, { path: '/mock/openai/v1/models', headers: { cookie: other } })).status).toBe(200);
  });

  it('a client without an id (the CLI, curl) is served as the address’s own client, with one share of its own', async () => {
    server = await serve({ port: 0, clientLimits: { maxSessions: 2 }, sessionIdleTimeoutMs: 60_000 });
    const learner = await fetchClientCookie(server);
    expect((await initialize(server)).status).toBe(200);
    expect((await initialize(server)).status).toBe(200);
    expect((await initialize(server)).status).toBe(429);
    // The learner behind the same address keeps its own share.
    expect((await initialize(server, learner)).status).toBe(200);
  });

  it('ids a client makes up are not ids: a forged or altered cookie counts as no id', async () => {
    server = await serve({ port: 0, clientLimits: { maxSessions: 1 }, sessionIdleTimeoutMs: 60_000 });
    const issued = await fetchClientCookie(server);
    const [name, value] = issued.split('=') as [string, string];
    expect((await initialize(server, `${name}=made-up-id`)).status).toBe(200);
    // The MAC's first character changed: always another MAC (a change at its end might have been the same one).
    const [nonce, mac] = value.split('.') as [string, string];
    expect((await initialize(server, `${name}=${nonce}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`)).status).toBe(429);
    expect((await initialize(server)).status).toBe(429);
  });

  it('an issued id has one spelling: its MAC written with other unused bits in its last character counts as no id', async () => {
    server = await serve({ port: 0, clientLimits: { maxSessions: 1 }, sessionIdleTimeoutMs: 60_000 });
    const issued = await fetchClientCookie(server);
    expect((await initialize(server)).status).toBe(200);
    // 16 bytes in base64url: 22 characters, the last holding 2 bits of the MAC and 4 the decoder ignores.
    const last = issued.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBits = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(Buffer.from(issued.slice(issued.lastIndexOf('.') + 1, -1) + sameBits, 'base64url')).toEqual(
      Buffer.from(issued.slice(issued.lastIndexOf('.') + 1), 'base64url'),
    );
    expect((await initialize(server, `${issued.slice(0, -1)}${sameBits}`)).status).toBe(429);
    expect((await initialize(server, issued)).status).toBe(200);
  });

  it('many ids from one address are bounded by the address: ten shares by default, here 3 × 2 sessions', async () => {
    server = await serve({ port: 0, clientLimits: { maxSessions: 2, clientsPerAddress: 3 }, sessionIdleTimeoutMs: 60_000 });
    const cookies = [];
    for (let index = 0; index < 4; index++) cookies.push(await fetchClientCookie(server));
    const statuses = [];
    for (const cookie of cookies) for (let session = 0; session < 2; session++) statuses.push((await initialize(server, cookie)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const refused = await initialize(server, cookies[3]);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { message: expect.stringContaining('from this address') } });
  });

  it('the address bounds the request rate too: its clients together send ten bursts at most, here 2', async () => {
    server = await serve({ port: 0, clientLimits: { requestsPerMinute: 6, burst: 2, clientsPerAddress: 2 } });
    // Fetching an id is a request as well, the address's own client's, counted against the address too.
    const [first, second] = [await fetchClientCookie(server), await fetchClientCookie(server)];
    const statuses = [];
    for (let request = 0; request < 2; request++)
      statuses.push((await sendRawRequest(server.port, { path: '/mock/openai/v1/models', headers: { cookie: first } })).status);
    expect(statuses).toEqual([200, 200]);
    // The second client has its whole burst left, but the address has none.
    const refused = await sendRawRequest(server.port, { path: '/mock/openai/v1/models', headers: { cookie: second } });
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('from this address');
  });
});
