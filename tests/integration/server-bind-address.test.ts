import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli-command.ts';
import { describeExposure, isLoopbackAddress, listDefaultAllowedHostnames, normalizeHostname } from '../../server/node/bind-address.ts';
import { readNetworkFlags } from '../../server/node/network-flags.ts';
import { serve, type RunningServer } from '../../server/node/serve.ts';
import { LEGACY_HEADERS } from '../helpers/mcp-http.ts';
import { sendRawRequest } from './raw-http.ts';

/**
 * The server listens on loopback unless told otherwise; --host says otherwise, with a
 * warning on stderr, and the Host allowlist follows the bind address and --allow-host.
 * No test here listens beyond loopback: the warning is checked without exposing anything.
 */

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const toolsList = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });

/** Whether anything accepts a TCP connection at this address and port. */
function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe('the default bind address', () => {
  it('is 127.0.0.1: the machine’s other addresses do not answer', async () => {
    server = await serve({ port: 0 });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await canConnect('127.0.0.1', server.port)).toBe(true);
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry && entry.family === 'IPv4' && !entry.internal);
    for (const entry of external) expect(await canConnect(entry!.address, server.port), entry!.address).toBe(false);
  });
});

describe('another loopback address', () => {
  it('is listened on and allowed as a Host, next to the localhost names', async () => {
    server = await serve({ port: 0, host: '127.0.0.2' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
    const answer = await fetch(`${server.url}/mcp`, { method: 'POST', headers: LEGACY_HEADERS, body: toolsList });
    expect(answer.status).toBe(200);
    expect(await canConnect('127.0.0.1', server.port)).toBe(false);
  });
});

describe('the allowlist of names', () => {
  it('defaults to the localhost names plus the bind address (a wildcard address is no name)', () => {
    expect(listDefaultAllowedHostnames('127.0.0.1')).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(listDefaultAllowedHostnames('192.168.1.5')).toEqual(['localhost', '127.0.0.1', '[::1]', '192.168.1.5']);
    expect(listDefaultAllowedHostnames('0.0.0.0', ['mybox.lan'])).toEqual(['localhost', '127.0.0.1', '[::1]', 'mybox.lan']);
    expect(listDefaultAllowedHostnames('fe80::1')).toContain('[fe80::1]');
  });

  it('reads names as the Host check compares them, and refuses what is not a name', () => {
    expect(normalizeHostname('MyBox.LAN')).toBe('mybox.lan');
    expect(normalizeHostname('::1')).toBe('[::1]');
    for (const bad of ['http://mybox', 'mybox:3000', 'mybox/path', 'user@mybox', '']) expect(normalizeHostname(bad), bad).toBeUndefined();
  });

  it('--allow-host lets requests name the server that way, on the API and the files', async () => {
    const network = readNetworkFlags({ 'allow-host': ['MyBox.lan'] }, (message) => {
      throw new Error(message);
    });
    server = await serve({ port: 0, host: network.host, allowedHostnames: network.allowedHostnames });
    const allowed = await sendRawRequest(server.port, {
      method: 'POST',
      path: '/mcp',
      headers: { ...LEGACY_HEADERS, host: `mybox.lan:${server.port}`, origin: `http://mybox.lan:${server.port}` },
      body: toolsList,
    });
    expect(allowed.status).toBe(200);
    const other = await sendRawRequest(server.port, { path: '/', headers: { host: 'otherbox.lan' } });
    expect(other.status).toBe(403);
  });
});

describe('the warning for addresses beyond loopback', () => {
  it('is silent on loopback', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', 'localhost']) {
      expect(isLoopbackAddress(address), address).toBe(true);
      expect(describeExposure(address, [])).toBeUndefined();
    }
  });

  it('says what is exposed, to whom, and how to name the server', () => {
    const warning = describeExposure('0.0.0.0', listDefaultAllowedHostnames('0.0.0.0'))!;
    expect(warning).toContain('every network interface (0.0.0.0)');
    expect(warning).toContain('Anyone who can reach this address');
    expect(warning).toContain('no password');
    expect(warning).toContain('the MCP endpoints');
    expect(warning).toContain('the mock model');
    expect(warning).toContain('--allow-host');
  });

  it('is printed on stderr by npm run server before it listens', async () => {
    // 192.0.2.1 is a documentation address no machine has: the warning prints, then listening fails, so nothing is exposed.
    const child = spawnCli('server', ['--port', '0', '--host', '192.0.2.1']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toContain('WARNING: listening on 192.0.2.1, not on loopback');
    expect(stderr).toContain('Requests must still address the server by an allowed name (Host header): localhost, 127.0.0.1, [::1], 192.0.2.1');
    expect(stderr).toContain('Cannot listen on 192.0.2.1');
    expect(code).toBe(1);
  }, 60_000);

  it('refuses a --host or --allow-host that is not an address or a name', () => {
    const fail = (message: string): never => {
      throw new Error(message);
    };
    expect(() => readNetworkFlags({ host: 'http://0.0.0.0:3000' }, fail)).toThrow(/is not an address to listen on/);
    expect(() => readNetworkFlags({ 'allow-host': ['https://mybox'] }, fail)).toThrow(/is not a host name or address/);
  });
});
