import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../trace/trace.ts';
import { hasTerminalControl } from '../trace/terminal-text.ts';
import { formatCurl, quoteForShell } from './format-curl.ts';
import { HOSTILE_HEADER_NAMES, HOSTILE_VALUES, PASTE_SHELLS, expectedArguments, runPasted, type PasteShell } from '../../tests/helpers/run-pasted-command.ts';

describe('formatCurl', () => {
  it('repeats the method, URL, headers and body, quoted for a shell', () => {
    const { result, warnings } = formatCurl({
      http: {
        method: 'POST',
        url: 'http://127.0.0.1:3000/mcp',
        requestHeaders: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        requestBody: `{"method":"tools/call","params":{"name":"it's"}}`,
      },
    });
    expect(warnings).toEqual([]);
    expect(result).toBe(
      [
        `curl --globoff -X 'POST' --url 'http://127.0.0.1:3000/mcp'`,
        `-H 'content-type: application/json'`,
        `-H 'accept: application/json, text/event-stream'`,
        `--data-raw '{"method":"tools/call","params":{"name":"it'"'"'s"}}'`,
        '-N',
      ].join(' \\\n  '),
    );
  });

  it('never holds a key: each redacted header reads its own variable from a fixed table, outside the quoted text', () => {
    const provider = formatCurl({
      http: {
        method: 'POST',
        url: 'https://api.example/v1/chat/completions',
        requestHeaders: { authorization: '[redacted]', 'x-api-key': '[redacted]', 'x-goog-api-key': 'AIza-left-in-a-file' },
      },
    });
    expect(provider.result).toContain(`-H 'authorization: Bearer '"$API_KEY"`);
    expect(provider.result).toContain(`-H 'x-api-key: '"$API_KEY"`);
    expect(provider.result).toContain(`-H 'x-goog-api-key: '"$API_KEY"`);
    expect(provider.result).not.toContain('AIza-left-in-a-file');
    expect(provider.result.split('\n')[0]).toBe('# The secrets were not recorded: set API_KEY first.');
    const mcp = formatCurl({
      audience: 'mcp',
      http: {
        method: 'POST',
        url: 'https://mcp.example/mcp',
        requestHeaders: { authorization: '[redacted]', 'x-tenant-token': '[redacted]', 'x-$(touch pwned)-key': '[redacted]', 'x-$HOME-key': '[redacted]' },
      },
    });
    expect(mcp.result).toContain(`-H 'authorization: '"$MCP_AUTHORIZATION"`);
    expect(mcp.result).toContain(`-H 'x-tenant-token: '"$MCP_SECRET_HEADER_1"`);
    // A name that is an HTTP token keeps its `$` inside single quotes; a name that is not is left out.
    expect(mcp.result).toContain(`-H 'x-$HOME-key: '"$MCP_SECRET_HEADER_2"`);
    expect(mcp.result).not.toContain('touch');
    expect(mcp.warnings.map((warning) => warning.code)).toEqual(['curl-header-name']);
    expect(mcp.result.split('\n')[0]).toBe('# The secrets were not recorded: set MCP_AUTHORIZATION, MCP_SECRET_HEADER_1, MCP_SECRET_HEADER_2 first.');
  });

  it('sends no body for a GET or DELETE', () => {
    expect(formatCurl({ http: { method: 'DELETE', url: 'http://x/mcp', requestHeaders: { 'mcp-session-id': 'abc' } } }).result).toBe(
      `curl --globoff -X 'DELETE' --url 'http://x/mcp' \\\n  -H 'mcp-session-id: abc'`,
    );
  });

  it('refuses a URL holding NUL, which no shell word can carry, with a reason', () => {
    const { result, warnings } = formatCurl({ http: { method: 'GET', url: 'http://x/\u0000$(touch pwned)', requestHeaders: {} } });
    expect(result.startsWith('#')).toBe(true);
    expect(result).not.toContain('touch');
    expect(warnings[0]!.code).toBe('curl-url');
  });
});

describe('quoteForShell', () => {
  it.each([
    ['plain text, in single quotes', 'a b $HOME', `'a b $HOME'`],
    ['nothing, as an empty word', '', `''`],
    [
      'a quote and a backslash, in double quotes outside the single ones (fish reads both as escapes inside them)',
      `it's a\\'b\\`,
      `'it'"'"'s a'"\\\\'"'b'"\\\\"`,
    ],
    ['a newline, kept as it is inside the quotes', 'a\nb', `'a\nb'`],
    ['controls, written by printf from octal', 'a\u001b[2J\t\u202eb', `'a'"$(printf '\\033')"'[2J'"$(printf '\\011\\342\\200\\256')"'b'`],
  ])('writes %s', (_name, text, quoted) => {
    expect(quoteForShell(text)).toBe(quoted);
  });
});

/**
 * Pasted into each shell, interactive as in a terminal (bash and zsh expand `!` history),
 * in an empty folder, with curl a script on PATH that writes down its arguments.
 */
describe.each(Object.keys(PASTE_SHELLS) as PasteShell[])('a copied command, pasted into %s', (shell) => {
  const env = { API_KEY: 'key-from-the-environment', MCP_AUTHORIZATION: 'Bearer mcp-from-the-environment' };

  it.each(HOSTILE_VALUES.map((entry) => [entry.name, entry.value] as const))(
    'runs nothing and passes %s back intact, in a header, the URL and the body',
    async (_name, value) => {
      const http: HttpExchange = {
        method: 'POST',
        // NUL has a test of its own: no command is made for a URL that holds it.
        url: value.includes('\u0000') ? 'http://127.0.0.1:9/mcp' : `http://127.0.0.1:9/mcp/${value}`,
        requestHeaders: {
          'mcp-session-id': value,
          'x-other': `before ${value} after`,
          'x-api-key': '[redacted]',
          accept: 'application/json, text/event-stream',
        },
        requestBody: `{"text":${JSON.stringify(value)},"raw":"${value}"}`,
      };
      const command = formatCurl({ http });
      for (const line of command.result.split('\n')) expect(hasTerminalControl(line)).toBe(false);
      const pasted = await runPasted({ command: command.result, env, shell });
      expect(pasted.leftBehind).toEqual([]);
      expect(pasted.argv, pasted.stderr.slice(-2_000)).toEqual(expectedArguments({ http, warnings: command.warnings, env }));
    },
  );

  it('runs nothing for header names that are not HTTP tokens, leaves them out and says so; keeps the names that are', async () => {
    const requestHeaders = Object.fromEntries(HOSTILE_HEADER_NAMES.map((name) => [name, 'value']));
    const http: HttpExchange = { method: 'GET', url: 'http://127.0.0.1:9/', requestHeaders };
    const command = formatCurl({ http });
    const pasted = await runPasted({ command: command.result, env, shell });
    expect(pasted.leftBehind).toEqual([]);
    expect(pasted.argv).toEqual(expectedArguments({ http, warnings: command.warnings, env }));
    expect(command.warnings.length).toBeGreaterThan(0);
    expect(pasted.argv).toContain('x-$HOME: value');
  });

  it('runs nothing for a hostile method, leaving it out', async () => {
    const http: HttpExchange = { method: 'POST; touch pwned', url: 'http://127.0.0.1:9/', requestHeaders: {} };
    const command = formatCurl({ http });
    expect(command.warnings.map((warning) => warning.code)).toEqual(['curl-method']);
    const pasted = await runPasted({ command: command.result, env, shell });
    expect(pasted.leftBehind).toEqual([]);
    expect(pasted.argv).toEqual(['--globoff', '--url', 'http://127.0.0.1:9/']);
  });
});
