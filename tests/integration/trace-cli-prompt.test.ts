import { describe, expect, it } from 'vitest';
import { TraceSchema } from '../../src/trace/trace.ts';
import { EVERYTHING_STDIO_ARGUMENT } from '../helpers/everything-server.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';

/**
 * `npm run trace -- --prompt NAME --prompt-arg NAME=VALUE` runs a prompt of a server we
 * did not write, as the page's settings can: the reference everything server over stdio,
 * its args-prompt with the learner's argument, and a name it does not have.
 */

describe('npm run trace --prompt', () => {
  it("starts from the everything server's args-prompt with the argument given, through prompts/list and prompts/get", async () => {
    const result = await runTraceCli(
      ['--json', '--stdio', EVERYTHING_STDIO_ARGUMENT, '--era', '2025-11-25', '--prompt', 'args-prompt', '--prompt-arg', 'city=Paris'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    expect(result.code, result.stderr).toBe(0);
    const trace = TraceSchema.parse(JSON.parse(result.stdout));
    const ids = trace.steps.map((step) => step.id);
    expect(ids).toContain('mcp.prompts-list.request');
    expect(trace.steps.find((step) => step.id === 'mcp.prompts-get.request')?.payload).toMatchObject({
      method: 'prompts/get',
      params: { name: 'args-prompt', arguments: { city: 'Paris' } },
    });
    expect(ids).toContain('host.translate-prompt');
    expect(JSON.stringify(trace.steps.find((step) => step.id === 'host.translate-prompt')?.payload)).toContain('Paris');
    expect(trace.status).toBe('complete');
  }, 70_000);

  it("a prompt the server does not have: the fault names what it has, in the terminal's words", async () => {
    const result = await runTraceCli(['--stdio', EVERYTHING_STDIO_ARGUMENT, '--era', '2025-11-25', '--prompt', 'no-such-prompt']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('The server has no prompt named “no-such-prompt”.');
    expect(result.stdout).toContain('args-prompt');
    expect(result.stdout).toContain('name it with --prompt NAME');
    expect(result.stdout).not.toMatch(/Model settings|model settings|Reset/);
  }, 70_000);

  it('refuses --prompt-arg without --prompt, and one that is not NAME=VALUE', async () => {
    const alone = await runTraceCli(['--prompt-arg', 'city=Paris']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('name the prompt with --prompt NAME');
    const unnamed = await runTraceCli(['--prompt', 'args-prompt', '--prompt-arg', 'Paris']);
    expect(unnamed.code).toBe(2);
    expect(unnamed.stderr).toContain('--prompt-arg "Paris" is not NAME=VALUE.');
  }, 70_000);
});
