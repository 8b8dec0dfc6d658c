import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runTraceCli } from '../helpers/run-trace-cli.ts';
import { startCrossOriginServer, type CrossOriginServer } from '../helpers/start-cross-origin-server.ts';
import { startHostileAuthorizationServer, type HostileAuthorizationServer } from '../helpers/start-hostile-authorization-server.ts';

/**
 * A fault is read where it happened: at a terminal there is no Reset button and no settings
 * panel, and a server we did not write has none of the built-in sandbox's failure switches.
 * `npm run trace` against such servers: a closed port, an authorization server whose
 * metadata names another resource, and a server that answers 403 insufficient_scope.
 */

let server: CrossOriginServer | HostileAuthorizationServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A port nothing listens on: taken from the system, then let go. */
async function findClosedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The lines the CLI prints for the fault: what, why and what to do. */
const faultOf = (stdout: string) => stdout.slice(stdout.indexOf('The run stopped'));

describe("npm run trace: what to do is said in the terminal's words", () => {
  it('a server that is not running: run the command again, no Reset, no CORS', async () => {
    const result = await runTraceCli(['--server', `http://127.0.0.1:${await findClosedPort()}/mcp`]);
    expect(result.code).toBe(1);
    const fault = faultOf(result.stdout);
    expect(fault).toContain('Could not reach the MCP server');
    expect(fault).toContain('check the address given with --server, then run the command again.');
    expect(fault).not.toMatch(/Reset|CORS|model settings/);
  }, 70_000);

  it('a third-party server whose metadata names another resource: no sandbox switch is named', async () => {
    server = await startHostileAuthorizationServer({ place: 'resource', value: 'https://elsewhere.example/mcp' });
    const result = await runTraceCli(['--server', server.mcpUrl, '--era', '2025-11-25', '--authorize']);
    expect(result.code).toBe(1);
    const fault = faultOf(result.stdout);
    expect(fault).toContain('is for “https://elsewhere.example/mcp”, not for the MCP server');
    expect(fault).toContain('Fix its resource value, then run the command again.');
    expect(fault).not.toMatch(/sandbox|switch|Reset/);
    expect(server.received.filter((line) => line.includes('/register') || line.includes('/token'))).toEqual([]);
  }, 70_000);

  it('403 insufficient_scope without --authorize: a step-up, with the scope named and the flag that asks for it', async () => {
    server = await startCrossOriginServer((_request, response) => {
      response
        .writeHead(403, {
          'www-authenticate': 'Bearer error="insufficient_scope", scope="files:read files:write", error_description="more scope needed"',
          'content-type': 'text/plain',
        })
        .end('Forbidden');
    });
    const result = await runTraceCli(['--server', `${server.url}/mcp`, '--era', '2025-11-25', '--header', 'Authorization: Bearer some-token']);
    expect(result.code).toBe(1);
    const fault = faultOf(result.stdout);
    expect(fault).toContain('wants a token with more scope (HTTP 403 insufficient_scope, while connecting): it asks for the scope files:read files:write');
    expect(fault).toContain('step-up');
    expect(fault).toContain('--authorize');
    expect(fault).not.toMatch(/Host and Origin|Reset/);
  }, 70_000);
});
