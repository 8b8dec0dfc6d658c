import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli-command.ts';
import { refuseExposedBridges, serve } from '../../server/node/serve.ts';
import { useServer } from '../helpers/use-server.ts';

/**
 * An unauthenticated local proxy that starts processes is how a well-known inspector got a
 * remote-code-execution CVE. The bridge's programs come only from the command line: these
 * tests show that no request starts one, that only the app's own pages may drive one, and
 * that the app will not bridge beyond loopback unless told so.
 *
 * The bridged program here writes a line to a file each time it starts, so a spawn cannot
 * go unseen, then answers nothing (it only reads stdin).
 */

const folder = mkdtempSync(join(tmpdir(), 'stdio-bridge-'));
const starts = join(folder, 'starts.log');
const countStarts = () => {
  try {
    return readFileSync(starts, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
};
const script = `require('fs').appendFileSync(${JSON.stringify(starts)}, 'started\\n'); process.stdin.resume();`;
const marker = { name: 'marker', command: process.execPath, args: ['-e', script] };
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const server = useServer({ stdioServers: [marker], allowedOrigins: ['http://localhost:6274'] });
const post = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });

describe('the stdio bridge starts nothing for a request', () => {
  it('has started its one program, once, before any request', async () => {
    // The program writes its line soon after it starts; give it that moment.
    for (let waited = 0; countStarts() === 0 && waited < 5000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(countStarts()).toBe(1);
  });

  it.each(['/mcp/stdio/unknown', '/mcp/stdio/Marker', '/mcp/stdio/marker/x', '/mcp/stdio/..%2Fmarker'])(
    'answers POST %s with 404 and starts nothing',
    async (path) => {
      const response = await post(path);
      expect(response.status).toBe(404);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message).toMatch(/named only on the command line/);
      expect(countStarts()).toBe(1);
    },
  );

  it('answers POST to the listing with 405: it only lists', async () => {
    const response = await post('/mcp/stdio');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(countStarts()).toBe(1);
  });

  it('takes no command from a request: a body naming one is only a message for the running program', async () => {
    const response = await fetch(`${server.url}/mcp/stdio/marker`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized', params: { command: 'touch', args: ['/tmp/x'] } }),
    });
    expect(response.status).toBe(202);
    expect(countStarts()).toBe(1);
  });

  it("refuses a foreign page with 403, and one let in with --allow-origin too: a bridge is for the app's own pages", async () => {
    const foreign = await post('/mcp/stdio/marker', { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    const otherPort = await post('/mcp/stdio/marker', { origin: 'http://127.0.0.1:1' });
    expect(otherPort.status).toBe(403);
    const admitted = await post('/mcp/stdio/marker', { origin: 'http://localhost:6274' });
    expect(admitted.status).toBe(403);
    expect(((await admitted.json()) as { error: { message: string } }).error.message).toMatch(/--allow-origin does not reach \/mcp\/stdio/);
    // The same origin may call /mcp: the stricter rule is the bridge's alone.
    const mcp = await fetch(`${server.url}/mcp`, { method: 'OPTIONS', headers: { origin: 'http://localhost:6274' } });
    expect(mcp.status).toBe(204);
    const own = await post('/mcp/stdio/marker', { origin: server.url });
    expect(own.status).toBe(202);
  });

  it('refuses a Host it does not answer to (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = request(
        `${server.url}/mcp/stdio/marker`,
        { method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json' } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      outgoing.on('error', reject);
      outgoing.end('{"jsonrpc":"2.0","method":"notifications/initialized"}');
    });
    expect(status).toBe(403);
  });

  it('answers GET and DELETE on a bridged server with 405 (POST only)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${server.url}/mcp/stdio/marker`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
    expect(countStarts()).toBe(1);
  });
});

describe('beyond loopback', () => {
  it('refuses to start, before starting any program, without --allow-stdio-beyond-loopback', async () => {
    const before = countStarts();
    await expect(serve({ port: 0, host: '0.0.0.0', stdioServers: [marker] })).rejects.toThrow(
      /Refusing to bridge stdio servers while listening on 0\.0\.0\.0.*--allow-stdio-beyond-loopback/s,
    );
    expect(countStarts()).toBe(before);
  });

  it('lets the flag say so, and never minds loopback or no bridge', () => {
    expect(() => refuseExposedBridges({ host: '0.0.0.0', count: 1, allowed: true })).not.toThrow();
    expect(() => refuseExposedBridges({ host: '127.0.0.1', count: 1, allowed: false })).not.toThrow();
    expect(() => refuseExposedBridges({ host: '::1', count: 1, allowed: false })).not.toThrow();
    expect(() => refuseExposedBridges({ host: '0.0.0.0', count: 0, allowed: false })).not.toThrow();
    expect(() => refuseExposedBridges({ host: '192.168.1.5', count: 2, allowed: false })).toThrow(/2 programs/);
  });

  it('npm run server -- --host 0.0.0.0 --stdio … exits 1 with the reason, before it listens', async () => {
    const before = countStarts();
    const child = spawnCli('server', ['--port', '0', '--host', '0.0.0.0', '--stdio', `marker=${JSON.stringify([marker.command, ...marker.args])}`]);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/Refusing to bridge stdio servers/);
    expect(output).not.toMatch(/http:\/\//);
    expect(countStarts()).toBe(before);
  }, 30_000);

  it('npm run server -- --stdio with a bad name stops with the usage (exit 2)', async () => {
    const child = spawnCli('server', ['--port', '0', '--stdio', '../x=node -e 1']);
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(output).toMatch(/--stdio name "\.\.\/x" is not allowed/);
  }, 30_000);
});

describe('a program that cannot start, or that exits', () => {
  it('stops the server from starting, with the reason', async () => {
    await expect(serve({ port: 0, stdioServers: [{ name: 'missing', command: 'no-such-program-here', args: [] }] })).rejects.toThrow(
      /Cannot start "no-such-program-here": there is no such program on the PATH/,
    );
  });

  it('answers 502 with its exit and its last stderr lines once it has exited', async () => {
    const dying = { name: 'dying', command: process.execPath, args: ['-e', "console.error('bye: no config file'); process.exit(3)"] };
    const running = await serve({ port: 0, stdioServers: [dying] });
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const response = await fetch(`${running.url}/mcp/stdio/dying`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      });
      expect(response.status).toBe(502);
      const body = (await response.json()) as { id: unknown; error: { message: string } };
      expect(body.error.message).toMatch(/has exited \(exit code 3\).*bye: no config file/);
    } finally {
      await running.close();
    }
  });
});
