import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { formatCurl } from './format-curl.ts';

describe('formatCurl', () => {
  it('repeats the method, URL, headers and body, quoted for a shell', () => {
    const command = formatCurl({
      http: {
        method: 'POST',
        url: 'http://127.0.0.1:3000/mcp',
        requestHeaders: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        requestBody: `{"method":"tools/call","params":{"name":"it's"}}`,
      },
    });
    expect(command).toBe(
      [
        `curl -X POST 'http://127.0.0.1:3000/mcp'`,
        `-H 'content-type: application/json'`,
        `-H 'accept: application/json, text/event-stream'`,
        `--data-raw '{"method":"tools/call","params":{"name":"it'\\''s"}}'`,
        '-N',
      ].join(' \\\n  '),
    );
  });

  it('parses back to the same arguments in a real shell', () => {
    const body = `{"text":"quotes ' and \\" and $HOME"}`;
    const command = formatCurl({ http: { method: 'POST', url: 'http://x/y', requestHeaders: { 'content-type': 'application/json' }, requestBody: body } });
    const words = execFileSync('sh', ['-c', `set -- ${command.replace(/^curl /, '').replace(/\\\n/g, ' ')}; printf '%s\\n' "$@"`], { encoding: 'utf8' }).trim().split('\n');
    expect(words).toEqual(['-X', 'POST', 'http://x/y', '-H', 'content-type: application/json', '--data-raw', body]);
  });

  it('never holds a key: redacted headers read it from $API_KEY', () => {
    const command = formatCurl({ http: { method: 'POST', url: 'https://api.example/v1/chat/completions', requestHeaders: { authorization: '[redacted]', 'x-api-key': '[redacted]' } } });
    expect(command).toContain('-H "authorization: Bearer $API_KEY"');
    expect(command).toContain('-H "x-api-key: $API_KEY"');
    expect(command.startsWith('# The key was not recorded: set API_KEY first.')).toBe(true);
  });

  it('sends no body for a GET or DELETE', () => {
    expect(formatCurl({ http: { method: 'DELETE', url: 'http://x/mcp', requestHeaders: { 'mcp-session-id': 'abc' } } })).toBe(`curl -X DELETE 'http://x/mcp' \\\n  -H 'mcp-session-id: abc'`);
  });
});
