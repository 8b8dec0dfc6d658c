import { describe, expect, it } from 'vitest';
import { TraceSchema } from '../../src/trace/trace.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';

/** The second topology from the command line, as a user runs it: the flags, their refusals, and the exit codes. */

describe('npm run trace -- --topology provider', () => {
  it('runs Anthropic’s MCP connector against the built-in server and prints whose account each step is', async () => {
    const { code, stdout } = await runTraceCli(['--topology', 'provider', '--wire', 'anthropic']);
    expect(code).toBe(0);
    expect(stdout).toContain('Host sends the question and the MCP server (not its tools) to the provider');
    expect(stdout).toContain('Reported by the provider (content[1]): the provider’s MCP client called add_numbers');
    expect(stdout).toContain('Seen by the server: tools/call add_numbers, from the provider’s MCP client');
    // The article's steps the host did not have are named as moved to the provider, the three translations among them.
    for (const moved of ['Translation #1 moved to the provider', 'Translation #2 moved to the provider', 'Translation #3 moved to the provider'])
      expect(stdout).toContain(moved);
    expect(stdout).not.toContain('did not happen in this run');
  });

  it('answers the approval gate with --approval deny: approve false goes back, and the run ends declined (exit 6)', async () => {
    const { code, stdout } = await runTraceCli(['--scenario', 'provider-mcp', '--approval', 'deny', '--json'], { maxBuffer: 16 * 1024 * 1024 });
    expect(code).toBe(6);
    const trace = TraceSchema.parse(JSON.parse(stdout));
    expect(trace.status).toBe('declined');
    expect(trace.steps.find((step) => step.id === 'user.mcp-approval')?.gate?.answeredBy).toBe('preset');
    expect(JSON.stringify(trace.steps.find((step) => step.id === 'provider.request.mcp-approval')?.payload)).toContain('"approve":false');
  });

  it('with --require-approval never the provider calls without asking', async () => {
    const { code, stdout } = await runTraceCli(['--scenario', 'provider-mcp', '--require-approval', 'never', '--json'], { maxBuffer: 16 * 1024 * 1024 });
    expect(code).toBe(0);
    const trace = TraceSchema.parse(JSON.parse(stdout));
    expect(trace.steps.map((step) => step.id)).not.toContain('user.mcp-approval');
  });

  it('--twin runs the question in both topologies and prints, wire by wire, what each put on it', async () => {
    const { code, stdout } = await runTraceCli(['--twin', '--wire', 'anthropic']);
    expect(code).toBe(0);
    expect(stdout).toContain('The twin view: “What is 5 plus 7?” in both topologies, anthropic (mock model)');
    expect(stdout).toMatch(/Host’s MCP client ↔ MCP server\n {2}host-side MCP {6}\d+ messages/);
    expect(stdout).toContain('provider-side MCP  idle: no message');
    expect(stdout).toContain('provider-side MCP  none: the provider translates for itself');
    expect(stdout).toMatch(/provider-side MCP {2}4 steps reported by the provider; \d+ messages seen by the server/);
  });

  it('--twin --json gives the rows and both outcomes', async () => {
    const { code, stdout } = await runTraceCli(['--twin', '--json']);
    expect(code).toBe(0);
    const twin = JSON.parse(stdout) as { wire: string; twin: { wire: string }[]; status: { host: string; provider: string } };
    expect(twin.wire).toBe('openai-responses');
    expect(twin.status).toEqual({ host: 'complete', provider: 'complete' });
    expect(twin.twin.map((row) => row.wire)).toContain('Provider’s MCP client ↔ MCP server');
  });

  it('with a real provider, says before the request that the provider cannot reach a server on this machine', async () => {
    // A base URL of one's own needs no key; nothing listens on port 9 of 127.0.0.1, so the request itself fails after the warning.
    const { code, stderr } = await runTraceCli([
      '--topology',
      'provider',
      '--wire',
      'openai-responses',
      '--model',
      'real',
      '--base-url',
      'http://127.0.0.1:9/v1',
    ]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/Before the request: 127\.0\.0\.1:\d+ is this machine: the provider's MCP client runs on the provider's servers/);
  });

  it.each([
    [['--twin', '--topology', 'provider'], '--twin runs both topologies'],
    [['--twin', '--wire', 'gemini'], '--twin needs a provider that calls MCP servers itself'],
    [['--topology', 'provider'], 'needs a provider that calls MCP servers itself: --wire openai-responses or anthropic'],
    [['--topology', 'provider', '--wire', 'anthropic', '--stdio', 'node server.js'], 'cannot reach a stdio server'],
    [['--approval', 'deny'], 'add --topology provider'],
    [['--topology', 'sideways'], '--topology is host or provider'],
    [['--scenario', 'provider-mcp', '--cancel-task'], '--cancel-task cancels a task the host follows'],
  ])('refuses %j with exit 2 and what to give instead', async (parameters, message) => {
    const { code, stderr } = await runTraceCli(parameters);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });
});
