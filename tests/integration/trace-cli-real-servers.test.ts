import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TraceSchema } from '../../src/trace/trace.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';
import { startSdkV1Server, startSdkV2Server, type ThirdPartyServer } from '../helpers/start-third-party-servers.ts';

/**
 * `npm run trace` against servers this project did not write, as a user types it: the v1
 * SDK server (2025-11-25 only, so --server's default Auto era falls back), and a v2 SDK
 * server that needs a bearer token, given with --header. The token never reaches stdout
 * or stderr, in the text output or the JSON.
 */

const TOKEN = 'tok_cli_9e8d7c6b5a4f3e2d1c0b';
let v1: ThirdPartyServer;
let guarded: ThirdPartyServer;
beforeAll(async () => {
  v1 = await startSdkV1Server();
  guarded = await startSdkV2Server({ bearerToken: TOKEN, echoToken: true });
});
afterAll(async () => {
  await v1.close();
  await guarded.close();
});

describe('npm run trace with --server', () => {
  it('uses the Auto era by default and shows the fallback to 2025-11-25 with the v1 SDK server', async () => {
    const result = await runTraceCli(['--server', v1.url, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const trace = TraceSchema.parse(JSON.parse(result.stdout));
    expect(trace.mcp).toMatchObject({ era: 'auto', protocolVersion: '2025-11-25' });
    expect(trace.steps.map((step) => step.id)).toContain('host.era-fallback');
    expect(trace.answer).toBe('5 plus 7 is 12.');
  }, 70_000);

  it('with --era 2026-07-28 against the v1 SDK server, fails naming --era auto and --era 2025-11-25', async () => {
    const result = await runTraceCli(['--server', v1.url, '--era', '2026-07-28']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('does not speak the 2026-07-28 era');
    expect(result.stdout).toContain('--era auto or --era 2025-11-25');
  }, 70_000);

  it('without a token, shows the 401 and its WWW-Authenticate header and points to --header', async () => {
    const result = await runTraceCli(['--server', guarded.url]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('HTTP 401');
    expect(result.stdout).toContain('WWW-Authenticate: Bearer realm="sdk-v2-test-server"');
    expect(result.stdout).toContain('--header "Authorization: Bearer …"');
  }, 70_000);

  it.each([
    ['text', []],
    ['JSON', ['--json']],
    ['full text', ['--full']],
  ])(
    'sends --header "Authorization: Bearer …" and never prints the token (%s output)',
    async (_output, flags) => {
      const before = guarded.receivedAuthorization.length;
      const result = await runTraceCli(['--server', guarded.url, '--header', `Authorization: Bearer ${TOKEN}`, ...flags]);
      expect(result.code, result.stderr).toBe(0);
      expect(guarded.receivedAuthorization.slice(before).every((value) => value === `Bearer ${TOKEN}`)).toBe(true);
      expect(result.stdout).not.toContain(TOKEN);
      expect(result.stderr).not.toContain(TOKEN);
      expect(result.stdout).toContain('[redacted]');
    },
    70_000,
  );

  it('treats a --secret-header value as a secret whatever its name', async () => {
    const result = await runTraceCli([
      '--server',
      guarded.url,
      '--header',
      `Authorization: Bearer ${TOKEN}`,
      '--secret-header',
      'X-Tenant: tenant-cli-31337',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('tenant-cli-31337');
  }, 70_000);
});

describe('npm run trace refuses', () => {
  it('a --server URL with a user and password, saying to send a header, without printing the password', async () => {
    const result = await runTraceCli(['--server', v1.url.replace('http://', 'http://learner:pw-cli-7f6e5d4c@')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('holds a user name or password');
    expect(result.stderr).toContain('--header "Authorization: Basic …"');
    expect(`${result.stdout}${result.stderr}`).not.toContain('pw-cli-7f6e5d4c');
  }, 70_000);

  it('a --header without a colon, without repeating it', async () => {
    const result = await runTraceCli(['--server', v1.url, '--header', TOKEN]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"Name: value"');
    expect(result.stderr).not.toContain(TOKEN);
  }, 70_000);

  // Issue 40: only the built-in server's runs were refused; with --server the v2 SDK server (both eras) was sent a plain 2026 lifecycle.
  it('a scenario the pinned era cannot run, with a third-party server too, before sending it anything', async () => {
    const v2 = await startSdkV2Server();
    try {
      const result = await runTraceCli(['--server', v2.url, '--scenario', 'resume', '--era', '2026-07-28']);
      expect(result.code, result.stdout).toBe(2);
      expect(result.stderr).toContain(
        'The scenario resume cannot run in 2026-07-28, whichever server answers: In 2026-07-28 there is no event store to resume from',
      );
      // A named server's default era is auto, so the words do not call the scenario's era the default.
      expect(result.stderr).toContain('Run it with --era 2025-11-25.');
      expect(v2.receivedAuthorization).toEqual([]);
      const sessions = await runTraceCli(['--server', v1.url, '--scenario', 'sessions', '--era', '2026-07-28']);
      expect(sessions.code).toBe(2);
      expect(sessions.stderr).toContain('there are no sessions');
    } finally {
      await v2.close();
    }
  }, 70_000);

  it('a --header without --server', async () => {
    const result = await runTraceCli(['--header', 'X-Team: blue']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--header is for a server named with --server');
  }, 70_000);
});
