import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { driveConsent } from '../helpers/drive-consent.ts';
import { startOidcProtectedServer, type OidcProtectedServer } from '../helpers/start-oidc-protected-server.ts';

/**
 * `npm run trace -- --server URL --authorize` against oidc-provider: the CLI prints the
 * consent URL on stderr, the test is the user's browser (it approves and follows the
 * redirect to the CLI's loopback listener), and the run completes with no token printed.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
let server: OidcProtectedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function runCliAsUser(parameters: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(tsx, ['server/cli/trace.ts', ...parameters], { cwd: root });
  let stdout = '';
  let stderr = '';
  let approving = false;
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    const printed = /Open this address in a browser, sign in and approve:\s+(\S+)\s+Waiting for the redirect to (\S+) …/.exec(stderr);
    if (!printed || approving) return;
    approving = true;
    // The browser: the consent page, then the redirect to the CLI's loopback listener.
    void driveConsent({ authorizationUrl: printed[1]!, redirectUri: printed[2]! }).then((redirect) => fetch(redirect));
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run trace -- --authorize', () => {
  it('prints the consent URL, takes the redirect on loopback, completes, and prints no token', async () => {
    server = await startOidcProtectedServer();
    const result = await runCliAsUser(['--server', server.mcpUrl, '--authorize', '--full']);
    expect(result.stderr).toContain('The MCP server wants authorization');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('5 plus 7 is 12.');
    for (const title of ['Server answers 401', 'protected resource metadata', 'exchanges the code for a token', 'Authorization: Bearer']) expect(result.stdout).toContain(title);
    expect(server.acceptedTokens.length).toBeGreaterThan(0);
    for (const token of server.acceptedTokens) {
      expect(result.stdout).not.toContain(token);
      expect(result.stderr).not.toContain(token);
    }
  }, 60_000);
});
