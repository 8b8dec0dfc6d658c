import { describe, expect, it } from 'vitest';
import { TraceSchema } from '../../src/trace/trace.ts';
import { EVERYTHING_STDIO_ARGUMENT } from '../helpers/everything-server.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';

/**
 * npm run trace -- --root: the roots the CLI shares are only those given, a plain absolute
 * path turned into a file:// URI, and the everything server reads them back with
 * get-roots-list. A relative path or a URI with credentials is a wrong command line.
 */

const everything = ['--stdio', EVERYTHING_STDIO_ARGUMENT];

describe('npm run trace -- --root', () => {
  it('declares the roots given, answers roots/list with them, and the server reads them back', async () => {
    const { code, stdout, stderr } = await runTraceCli(
      ['--json', ...everything, '--root', '/srv/my app=app', '--root', 'file:///tmp/scratch', 'Get the roots list'],
      { timeoutMs: 60_000, maxBuffer: 64 * 1024 * 1024 },
    );
    expect(code, stderr).toBe(0);
    const trace = TraceSchema.parse(JSON.parse(stdout));
    const initialize = trace.steps.find((step) => step.id === 'mcp.initialize.request');
    expect(initialize?.payload).toMatchObject({ params: { capabilities: { roots: { listChanged: true } } } });
    const answer = trace.steps.find((step) => step.id === 'host.roots.result');
    expect(answer?.payload).toEqual({ roots: [{ uri: 'file:///srv/my%20app', name: 'app' }, { uri: 'file:///tmp/scratch' }] });
    expect(JSON.stringify(trace.steps.find((step) => step.id === 'mcp.tools-call.response')?.payload)).toContain('Current MCP Roots (2 total)');
  }, 90_000);

  it('refuses a relative path and a URI with credentials, and the usage lists --root', async () => {
    const relative = await runTraceCli(['--root', 'src'], { timeoutMs: 30_000 });
    expect(relative.code).toBe(2);
    expect(relative.stderr).toContain('a relative path is not taken');
    expect(relative.stderr).toContain('--root URI[=NAME]');
    const credentialed = await runTraceCli(['--root', 'file://me:hunter2@host/share'], { timeoutMs: 30_000 });
    expect(credentialed.code).toBe(2);
    expect(credentialed.stderr).toContain('user name or password');
    expect(credentialed.stderr).not.toContain('hunter2');
  }, 90_000);
});
