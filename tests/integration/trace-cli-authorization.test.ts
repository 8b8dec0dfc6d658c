import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli-command.ts';
import { driveConsent } from '../helpers/drive-consent.ts';
import { startOidcProtectedServer, type OidcProtectedServer } from '../helpers/start-oidc-protected-server.ts';

/**
 * `npm run trace -- --server URL --authorize` against oidc-provider: the CLI prints the
 * consent URL on stderr, the test is the user's browser (it approves and follows the
 * redirect to the CLI's loopback listener), and the run completes with no token printed.
 */

let server: OidcProtectedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * `forged`: before the user's browser comes back, other programs on this machine send the loopback listener
 * requests of their own (any can reach its port); their answers are kept, in order.
 */
function runCliAsUser(
  parameters: string[],
  env?: Record<string, string>,
  forged: { queries: string[]; answers: { status: number; text: string }[] } = { queries: [], answers: [] },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnCli('trace', parameters, env);
  let stdout = '';
  let stderr = '';
  let approving = false;
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    const printed = /Open this address in a browser, sign in and approve:\s+(\S+)\s+Waiting for the redirect to (\S+) …/.exec(stderr);
    if (!printed || approving) return;
    approving = true;
    const [authorizationUrl, redirectUri] = [printed[1]!, printed[2]!];
    void (async () => {
      for (const query of forged.queries) {
        const answer = await fetch(`${redirectUri}${query}`);
        forged.answers.push({ status: answer.status, text: await answer.text() });
      }
      // The browser: the consent page, then the redirect to the CLI's loopback listener.
      await fetch(await driveConsent({ authorizationUrl, redirectUri }));
    })();
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
    for (const title of ['Server answers 401', 'protected resource metadata', 'exchanges the code for a token', 'Authorization: Bearer'])
      expect(result.stdout).toContain(title);
    expect(server.acceptedTokens.length).toBeGreaterThan(0);
    for (const token of server.acceptedTokens) {
      expect(result.stdout).not.toContain(token);
      expect(result.stderr).not.toContain(token);
    }
  }, 60_000);
});

describe('npm run trace -- --authorize, with forged requests to its loopback listener first', () => {
  it('answers each 400 with a short page and keeps waiting: the user’s real redirect, with the flow’s state, completes the run', async () => {
    server = await startOidcProtectedServer();
    const forged = {
      queries: ['?code=forged-code&state=forged-state', '?code=forged-code', '?error=access_denied&state=not-this-one', ''],
      answers: [] as { status: number; text: string }[],
    };
    const result = await runCliAsUser(['--server', server.mcpUrl, '--authorize'], undefined, forged);
    expect(forged.answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400]);
    expect(forged.answers[0]!.text).toContain('its state is not the one the explorer sent');
    expect(forged.answers[1]!.text).toContain('it carries no state');
    expect(forged.answers[0]!.text).toContain('It is still waiting');
    expect(result.stderr.match(/was refused \(400\)/g)).toHaveLength(4);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('5 plus 7 is 12.');
    expect(result.stdout).not.toContain('forged-code');
  }, 60_000);
});

describe('npm run trace -- --authorize --client-id', () => {
  it('names the client registered beforehand (no registration offered), sends its secret from OAUTH_CLIENT_SECRET in Basic, and prints neither secret nor token', async () => {
    const preRegistered = { clientId: 'explorer-cli-registered', clientSecret: 'secret-from-the-operator-3f9a1c7e5b2d8a4f6c0e' };
    server = await startOidcProtectedServer({ preRegistered });
    const result = await runCliAsUser(['--server', server.mcpUrl, '--authorize', '--client-id', preRegistered.clientId, '--json'], {
      OAUTH_CLIENT_SECRET: preRegistered.clientSecret,
    });
    expect(result.code).toBe(0);
    const trace = JSON.parse(result.stdout) as {
      answer: string;
      steps: { id: string; payload?: unknown; http?: { requestHeaders: Record<string, string> } }[];
    };
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(trace.steps.map((step) => step.id).filter((id) => id.startsWith('auth.'))).toEqual([
      'auth.challenge',
      'auth.resource-metadata',
      'auth.server-metadata',
      'auth.client-id',
      'auth.authorization-request',
      'auth.authorization-response',
      'auth.token-request',
      'auth.retry',
    ]);
    expect(trace.steps.find((step) => step.id === 'auth.client-id')?.payload).toEqual({
      method: 'pre-registered',
      client_id: preRegistered.clientId,
      client_secret: '[redacted]',
    });
    // The secret went to the token endpoint (the provider issued a token only to that client), as Basic, and is shown nowhere.
    expect(trace.steps.find((step) => step.id === 'auth.token-request')?.http?.requestHeaders.authorization).toBe('[redacted]');
    expect(server.acceptedTokens.length).toBeGreaterThan(0);
    for (const secret of [preRegistered.clientSecret, btoa(`${preRegistered.clientId}:${preRegistered.clientSecret}`), ...server.acceptedTokens]) {
      expect(result.stdout).not.toContain(secret);
      expect(result.stderr).not.toContain(secret);
    }
  }, 60_000);
});

describe('npm run trace -- --authorize --grant client-credentials (a machine client, SEP-1046)', () => {
  it('signs its assertion with the key in --private-key-file (the algorithm read from the key), asks no person, and prints neither key nor assertion nor token', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    server = await startOidcProtectedServer({
      machineClient: { clientId: 'nightly-job', publicJwk: { ...publicKey.export({ format: 'jwk' }), alg: 'ES256' } },
    });
    const directory = await mkdtemp(join(tmpdir(), 'machine-client-'));
    const keyFile = join(directory, 'key.pem');
    await writeFile(keyFile, pem, { mode: 0o600 });
    try {
      const result = await runCli([
        '--server',
        server.mcpUrl,
        '--authorize',
        '--grant',
        'client-credentials',
        '--client-id',
        'nightly-job',
        '--private-key-file',
        keyFile,
        '--json',
      ]);
      expect(result.stderr).not.toContain('Open this address in a browser');
      expect(result.code).toBe(0);
      const trace = JSON.parse(result.stdout) as { answer: string; steps: { id: string; payload?: unknown }[] };
      expect(trace.answer).toBe('5 plus 7 is 12.');
      expect(trace.steps.find((step) => step.id === 'auth.client-credentials')?.payload).toMatchObject({
        sent: { grant_type: 'client_credentials', client_assertion: '[redacted]' },
        authentication: { alg: 'ES256' },
      });
      for (const secret of [pem.split('\n')[1]!, ...server.acceptedTokens]) {
        expect(result.stdout).not.toContain(secret);
        expect(result.stderr).not.toContain(secret);
      }
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a machine client with no secret or key, a key flag without the grant, and an enterprise grant without the ID token (exit 2, what to give instead)', async () => {
    const noCredentials = await runCli(['--server', 'http://127.0.0.1:9/mcp', '--authorize', '--grant', 'client-credentials', '--client-id', 'nightly-job']);
    expect(noCredentials.code).toBe(2);
    expect(noCredentials.stderr).toContain('OAUTH_CLIENT_SECRET (client_secret_basic) or its key with --private-key-file (private_key_jwt)');
    const keyWithoutGrant = await runCli(['--server', 'http://127.0.0.1:9/mcp', '--authorize', '--private-key-file', '/nonexistent.pem']);
    expect(keyWithoutGrant.code).toBe(2);
    expect(keyWithoutGrant.stderr).toContain('add --grant client-credentials');
    const enterpriseWithoutToken = await runCli([
      '--server',
      'http://127.0.0.1:9/mcp',
      '--authorize',
      '--grant',
      'enterprise',
      '--client-id',
      'app',
      '--idp-token-endpoint',
      'http://127.0.0.1:9/token',
    ]);
    expect(enterpriseWithoutToken.code).toBe(2);
    expect(enterpriseWithoutToken.stderr).toContain('OAUTH_IDP_ID_TOKEN (never on the command line)');
  }, 60_000);
});

function runCli(parameters: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnCli('trace', parameters);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run trace -- --scenario authorization (the built-in sandbox, no browser)', () => {
  it('approves the sandbox’s consent page itself and answers, in the 2026-07-28 era too', async () => {
    for (const era of ['2025-11-25', '2026-07-28']) {
      const result = await runCli(['--scenario', 'authorization', '--era', era, '--json']);
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('Its consent page is approved here, as a click on Approve would');
      const trace = JSON.parse(result.stdout) as { answer: string; steps: { id: string; payload?: unknown }[] };
      expect(trace.answer).toBe('5 plus 7 is 12.');
      // The sandbox supports Client ID Metadata Documents, so the CLI names the one its own server serves (no registration).
      expect(trace.steps.map((step) => step.id).filter((id) => id.startsWith('auth.'))).toEqual([
        'auth.challenge',
        'auth.resource-metadata',
        'auth.server-metadata',
        'auth.client-id',
        'auth.authorization-request',
        'auth.authorization-response',
        'auth.token-request',
        'auth.retry',
      ]);
      expect(trace.steps.find((step) => step.id === 'auth.client-id')?.payload).toMatchObject({
        method: 'Client ID Metadata Document',
        client_id: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/client-metadata\.json$/),
      });
    }
  }, 60_000);

  it('--auth-fault state-mismatch ends the run with its explanation (exit 1); a fault name it does not know is a usage error (exit 2)', async () => {
    const failed = await runCli(['--scenario', 'authorization', '--auth-fault', 'state-mismatch']);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('/mcp/protected?fault=state-mismatch');
    expect(failed.stdout).toContain('The redirect back from the consent page carried another state than the one the host sent.');
    const unknown = await runCli(['--scenario', 'authorization', '--auth-fault', 'no-such']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      '--auth-fault is one of wrong-issuer, wrong-resource, missing-scope, expired-token, state-mismatch, pkce-mismatch, not "no-such"',
    );
    const elsewhere = await runCli(['--auth-fault', 'state-mismatch']);
    expect(elsewhere.code).toBe(2);
  }, 60_000);

  it('every other --auth-fault, in the 2026-07-28 era: its own outcome and exit code, its explanation in the text output, the steps before it printed', async () => {
    const cases = [
      {
        fault: 'wrong-issuer',
        code: 1,
        said: ["The authorization server's metadata says its issuer is", 'RFC 8414 §3.3'],
        last: 'Client fetches the authorization server',
      },
      {
        fault: 'wrong-resource',
        code: 1,
        said: ['still answered HTTP 401 with the new token: “The access token was issued for another resource'],
        last: 'asks for a new one with its refresh token',
      },
      { fault: 'missing-scope', code: 0, said: ['Server answers 403 insufficient_scope', 'Answer: 5 plus 7 is 12.'], last: 'exchanges the code for a token' },
      {
        fault: 'expired-token',
        code: 0,
        said: ['asks for a new one with its refresh token', 'Answer: 5 plus 7 is 12.'],
        last: 'exchanges the code for a token',
      },
      {
        fault: 'pkce-mismatch',
        code: 1,
        said: ['invalid_grant, “code_verifier does not match the code_challenge', 'RFC 7636 §4.6'],
        last: 'exchanges the code for a token',
      },
    ];
    for (const { fault, code, said, last } of cases) {
      const result = await runCli(['--scenario', 'authorization', '--era', '2026-07-28', '--auth-fault', fault]);
      expect(result.code, fault).toBe(code);
      expect(result.stdout).toContain(`/mcp/protected?fault=${fault}`);
      expect(result.stdout).toContain('Client sends server/discover');
      for (const text of ['Server answers 401', 'protected resource metadata', last, ...said]) expect(result.stdout, fault).toContain(text);
    }
  }, 90_000);
});
