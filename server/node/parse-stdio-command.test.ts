import { describe, expect, it } from 'vitest';
import { parseNamedStdioCommand, parseStdioCommand, readStdioFlags } from './parse-stdio-command.ts';

describe('parseStdioCommand', () => {
  it.each([
    ['node server.js stdio', 'node', ['server.js', 'stdio']],
    ['  node   "my server.js"  ', 'node', ['my server.js']],
    ["python3 -c 'print(1)'", 'python3', ['-c', 'print(1)']],
    ['echo a\\ b', 'echo', ['a b']],
    ['echo "say \\"hi\\""', 'echo', ['say "hi"']],
    ['echo \'$HOME\' "$HOME" `id` ; rm -rf x | y', 'echo', ['$HOME', '$HOME', '`id`', ';', 'rm', '-rf', 'x', '|', 'y']],
    ['["node","a b.js","--flag=$X"]', 'node', ['a b.js', '--flag=$X']],
    ['echo ""', 'echo', ['']],
  ])('splits %j without a shell', (text, command, args) => {
    expect(parseStdioCommand(text)).toEqual({ ok: true, command: { command, args } });
  });

  it.each([['node "open'], ["node 'open"], [''], ['["node", 1]'], ['[not json']])('refuses %j', (text) => {
    expect(parseStdioCommand(text).ok).toBe(false);
  });
});

describe('parseNamedStdioCommand', () => {
  it('reads NAME=COMMAND ARGS', () => {
    expect(parseNamedStdioCommand('everything=node dist/index.js stdio')).toEqual({
      ok: true,
      server: { name: 'everything', command: 'node', args: ['dist/index.js', 'stdio'] },
    });
  });

  it.each(['Everything=node x', '../x=node x', 'a b=node x', 'a/b=node x', '=node x', 'nothing-here'])('refuses the name in %j', (text) => {
    const parsed = parseNamedStdioCommand(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(/--stdio/);
  });

  it('refuses a name given twice', () => {
    const fail = (message: string): never => {
      throw new Error(message);
    };
    expect(() => readStdioFlags(['a=node x', 'a=node y'], fail)).toThrow(/given twice/);
  });
});
