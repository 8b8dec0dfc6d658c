import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, createMcpHandler, type Tool } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TraceSchema } from '../../src/trace/trace.ts';
import { hasTerminalControl } from '../../src/trace/terminal-text.ts';
import { HOSTILE_VALUES } from '../helpers/run-pasted-command.ts';
import { startHostileHeaderProxy } from '../helpers/start-hostile-header-proxy.ts';
import { runTraceCli } from '../helpers/run-trace-cli.ts';

/**
 * `npm run trace` against an MCP server that puts terminal escape sequences (title,
 * screen clear, cursor moves, C1 CSI, bidi overrides) and the other hostile values in its
 * name, tool names, titles, descriptions and results, behind a proxy that hands out a
 * hostile session id: nothing the CLI prints may hold a raw control character.
 */

const ESCAPES = '\u001b]0;pwned title\u0007\u001b[2J\u001b[H\u001b[31m\u009b2J\u202eevil\u2066\u007f\r\u0000';
const HOSTILE = `${ESCAPES} ${HOSTILE_VALUES.filter(({ value }) => value.length < 1_000)
  .map(({ value }) => value)
  .join(' ')}`;

let mcp: { url: string; close: () => Promise<void> };
let proxy: Awaited<ReturnType<typeof startHostileHeaderProxy>>;

beforeAll(async () => {
  const handler = createMcpHandler(
    () => {
      const server = new Server({ name: `hostile ${HOSTILE}`, version: `1.0.0 ${ESCAPES}` }, { capabilities: { tools: {} } });
      server.setRequestHandler('tools/list', async () => ({
        tools: <Tool[]>[
          {
            name: 'add_numbers',
            title: `Add ${HOSTILE}`,
            description: `Adds two numbers ${HOSTILE}`,
            inputSchema: { type: 'object', properties: { a: { type: 'number', description: HOSTILE }, b: { type: 'number' } }, required: ['a', 'b'] },
          },
          // A name no provider accepts: translation #1 renames it and prints a warning that names it.
          { name: `never${ESCAPES}`, description: `Never called ${HOSTILE}`, inputSchema: { type: 'object', properties: {} } },
        ],
      }));
      server.setRequestHandler('tools/call', async () => ({
        content: [{ type: 'text', text: `Result: 12 ${HOSTILE}` }],
        structuredContent: { note: HOSTILE },
      }));
      return server;
    },
    { legacy: 'stateless' },
  );
  const node = toNodeHandler(handler);
  const http = createServer((request, response) => void node(request, response));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  mcp = {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
  proxy = await startHostileHeaderProxy({
    target: mcp.url,
    sessionId: '[redacted]$(touch pwned)`id`"\'',
    headers: { 'x-hostile': `'"; $(touch pwned) \`id\`` },
  });
});

afterAll(async () => {
  await proxy?.close();
  await mcp?.close();
});

function expectNoRawControl(output: string): void {
  const raw = [...output.replace(/[\n\t]/g, '')].filter((character) => hasTerminalControl(character));
  expect(raw.map((character) => `U+${character.charCodeAt(0).toString(16).padStart(4, '0')}`)).toEqual([]);
}

describe('npm run trace against a server that sends terminal escapes', () => {
  it('prints the text output and stderr with every control character escaped', async () => {
    const result = await runTraceCli(['What is 5 plus 7?', '--server', `${proxy.url}/mcp`, '--full']);
    expect(result.code, result.stderr).toBe(0);
    // The hostile text did reach the output, escaped: the tool's title, its result, the renamed tool's warning.
    expect(result.stdout).toContain('\\x1b]0;pwned title\\x07\\x1b[2J');
    expect(result.stdout).toContain('Result: 12');
    expect(result.stdout).toContain('Status: complete');
    expectNoRawControl(result.stdout);
    expectNoRawControl(result.stderr);
  }, 90_000);

  it('prints JSON that holds the hostile text intact once parsed, and no raw control character', async () => {
    const result = await runTraceCli(['What is 5 plus 7?', '--server', `${proxy.url}/mcp`, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expectNoRawControl(result.stdout);
    expectNoRawControl(result.stderr);
    const trace = TraceSchema.parse(JSON.parse(result.stdout));
    expect(JSON.stringify(trace)).toContain(JSON.stringify(`Adds two numbers ${HOSTILE}`).slice(1, -1));
  }, 90_000);
});
