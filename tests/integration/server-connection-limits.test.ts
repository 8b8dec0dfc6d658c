import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { sendRawRequest } from './raw-http.ts';

/**
 * Open connections are capped: in total, and per client address when per-client
 * limits are on (beyond loopback by default). A slow client can hold a socket for
 * the request timeout (408 after about 40 s); the cap bounds how many it can hold.
 * The connection one over is answered (503 over the total, 429 over a client's
 * share, with Retry-After) and closed; a freed place is taken by the next one.
 */

let server: RunningServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close();
  server = undefined;
});

type Held = { socket: Socket; answer: Promise<string> };

/** A connection that sends half a request line and then nothing, as a slow client does; `answer` is whatever the server writes before it closes. */
function holdSlowConnection(port: number, localAddress = '127.0.0.1'): Promise<Held> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    sockets.push(socket);
    let text = '';
    const answer = new Promise<string>((settle) => {
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('close', () => settle(text));
    });
    socket.on('error', () => {});
    socket.once('connect', () => {
      socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      resolve({ socket, answer });
    });
    socket.once('error', reject);
  });
}

/** Waits until the server counts this many connections (accepting and closing are asynchronous). */
async function waitForConnections(running: RunningServer, count: number): Promise<void> {
  for (let tries = 0; tries < 500 && running.countConnections() !== count; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(running.countConnections()).toBe(count);
}

describe('the total cap', () => {
  it('answers the connection one over with 503 and Retry-After, and closes it; a freed place is taken again', async () => {
    server = await serve({ port: 0, maxConnections: 5 });
    const held = await Promise.all(Array.from({ length: 5 }, () => holdSlowConnection(server!.port)));
    await waitForConnections(server, 5);
    const refused = await holdSlowConnection(server.port);
    const text = await refused.answer;
    expect(text).toMatch(/^HTTP\/1\.1 503 /);
    expect(text).toMatch(/\r\nretry-after: \d+\r\n/i);
    expect(text).toContain('at most 5 at once');
    expect(server.countConnections()).toBe(5);

    held[0]!.socket.destroy();
    await waitForConnections(server, 4);
    const answer = await sendRawRequest(server.port, { path: '/mcp/nothing' });
    expect(answer.status).toBe(404);
  });

  it("fits a class by default, and loopback clients have no per-client share: 200 browsers' 6 connections each, 1,200 from one address, are all held and one more is served", async () => {
    server = await serve({ port: 0 });
    await Promise.all(Array.from({ length: 200 * 6 }, () => holdSlowConnection(server!.port)));
    await waitForConnections(server, 200 * 6);
    const answer = await sendRawRequest(server.port, { path: '/mock/openai/v1/models' });
    expect(answer.status).toBe(200);
  });
});

describe('the per-address cap (beyond loopback by default; here asked for on loopback, addresses told apart by source address)', () => {
  // A connection is counted when it opens, before a request names its client: by address, at clientsPerAddress shares.
  it('answers an address one over its shares with 429 and Retry-After, while another address still gets in', async () => {
    server = await serve({ port: 0, clientLimits: { maxConnections: 3, clientsPerAddress: 1 } });
    await Promise.all(Array.from({ length: 3 }, () => holdSlowConnection(server!.port, '127.0.0.2')));
    await waitForConnections(server, 3);
    const refused = await holdSlowConnection(server.port, '127.0.0.2');
    const text = await refused.answer;
    expect(text).toMatch(/^HTTP\/1\.1 429 /);
    expect(text).toMatch(/\r\nretry-after: \d+\r\n/i);
    expect(text).toContain('from 127.0.0.2');

    const other = await sendRawRequest(server.port, { path: '/mock/openai/v1/models', localAddress: '127.0.0.3' });
    expect(other.status).toBe(200);
  });

  it("holds a class behind one address by default: 50 browsers' 6 connections, 300 from one address, and 20 more; the one after is refused", async () => {
    server = await serve({ port: 0, clientLimits: {} });
    await Promise.all(Array.from({ length: 320 }, () => holdSlowConnection(server!.port, '127.0.0.2')));
    await waitForConnections(server, 320);
    const refused = await holdSlowConnection(server.port, '127.0.0.2');
    expect(await refused.answer).toMatch(/^HTTP\/1\.1 429 /);
  });
});
