import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasTerminalControl } from '../../src/trace/terminal-text.ts';
import { TraceSchema } from '../../src/trace/trace.ts';
import { EVERYTHING_STDIO_ARGUMENT } from '../helpers/everything-server.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';

/**
 * npm run trace -- --stdio "COMMAND ARGS": the host starts the reference everything server
 * itself with the SDK's stdio transport, and every message it writes and reads is a step.
 */

describe('npm run trace -- --stdio', () => {
  it('runs the lifecycle against the everything server over stdio, each message a step with no HTTP', async () => {
    const { code, stdout, stderr } = await runTraceCli(['--json', '--stdio', EVERYTHING_STDIO_ARGUMENT], { timeoutMs: 60_000, maxBuffer: 64 * 1024 * 1024 });
    expect(code, stderr).toBe(0);
    const trace = TraceSchema.parse(JSON.parse(stdout));
    expect(trace.status).toBe('complete');
    expect(trace.answer).toBe('5 plus 7 is 12.');
    expect(trace.mcp).toMatchObject({ era: '2025-11-25', protocolVersion: '2025-11-25' });
    expect(trace.mcp.url).toMatch(/^stdio:/);
    const mcpSteps = trace.steps.filter((step) => step.id.startsWith('mcp.'));
    expect(mcpSteps.map((step) => step.id)).toEqual(
      expect.arrayContaining([
        'mcp.initialize.request',
        'mcp.initialize.response',
        'mcp.initialized.notification',
        'mcp.tools-list.request',
        'mcp.tools-list.response',
        'mcp.tools-call.request',
        'mcp.tools-call.response',
      ]),
    );
    for (const step of mcpSteps) expect(step.http).toBeUndefined();
    expect(trace.steps.find((step) => step.id === 'mcp.tools-call.request')?.payload).toMatchObject({ params: { name: 'get-sum', arguments: { a: 5, b: 7 } } });
    expect(trace.steps.find((step) => step.id === 'mcp.tools-call.response')?.payload).toMatchObject({
      result: { content: [{ text: 'The sum of 5 and 7 is 12.' }] },
    });
    // The server's own log goes to the terminal's stderr, not into the JSON.
    expect(stderr).toContain('Starting default (STDIO) server...');
  }, 90_000);

  it('prints the server’s stderr with every control character escaped: no escape sequence, BEL, C1 or bidi override reaches the terminal', async () => {
    const hostile = fileURLToPath(new URL('../helpers/stdio-programs/hostile-stderr-server.mjs', import.meta.url));
    const { code, stderr } = await runTraceCli(['--stdio', JSON.stringify([process.execPath, hostile])], { timeoutMs: 60_000, maxBuffer: 64 * 1024 * 1024 });
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('hostile log: \\x1b]0;pwned title\\x07\\x1b[2J\\x1b[H\\x1b[31mred\\x9b2J \\u202eevil\\u2066 \\x7f\\x00\\x0dover\n');
    // A raw 0x9b byte is no UTF-8: it is read as U+FFFD, which no terminal acts on.
    expect(stderr).toContain('raw \ufffd2J\n');
    expect(stderr).toContain('Starting default (STDIO) server...');
    for (const line of stderr.split('\n')) expect(hasTerminalControl(line), JSON.stringify(line)).toBe(false);
  }, 90_000);

  it('says in words when the program cannot be started', async () => {
    const { code, stdout } = await runTraceCli(['--stdio', 'no-such-program-here --flag'], { timeoutMs: 60_000 });
    expect(code).toBe(1);
    expect(stdout).toContain('Could not start the stdio server "no-such-program-here --flag"');
    expect(stdout).toContain('no such program on the PATH');
  }, 90_000);

  it('refuses --server and --stdio together, and a command it cannot read', async () => {
    const both = await runTraceCli(['--server', 'http://127.0.0.1:1/mcp', '--stdio', 'node x.js'], { timeoutMs: 30_000 });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--server and --stdio both name the MCP server');
    const unclosed = await runTraceCli(['--stdio', 'node "x.js'], { timeoutMs: 30_000 });
    expect(unclosed.code).toBe(2);
    expect(unclosed.stderr).toContain('a double quote is not closed');
  }, 90_000);
});
