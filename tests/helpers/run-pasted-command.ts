import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HttpExchange, Warning } from '../../src/trace/trace.ts';

/**
 * What a server or a file may put in a recorded request, to be pasted into a shell:
 * each would run code, expand a variable, end a quote or move the terminal's cursor if
 * it reached the command as written.
 */
export const HOSTILE_VALUES: { name: string; value: string }[] = [
  { name: 'single quotes', value: `it's '; touch pwned-single; '` },
  { name: 'double quotes', value: `"; touch pwned-double; "` },
  { name: 'command substitution', value: '$(touch pwned-substitution)' },
  { name: 'backticks', value: '`touch pwned-backtick`' },
  { name: 'backslashes', value: `\\ \\' \\" \\$(touch pwned-backslash) \\` },
  { name: 'variables', value: '$HOME ${HOME} $API_KEY $0 ${IFS}' },
  { name: 'history expansion', value: '!! !-1 !$ !touch' },
  { name: 'the redaction marker followed by code', value: '[redacted]$(touch pwned-marker)' },
  { name: 'a newline', value: 'line one\nline two $(touch pwned-newline)\n' },
  { name: 'a carriage return', value: 'ok\r$(touch pwned-cr)' },
  { name: 'NUL', value: 'a\u0000b' },
  { name: 'a tab', value: 'a\tb' },
  { name: 'terminal escapes (title, clear, C1 CSI)', value: '\u001b]0;pwned\u0007\u001b[2J\u009b31m' },
  { name: 'the end of a bracketed paste', value: '\u001b[201~; touch pwned-paste' },
  { name: 'bidi overrides', value: 'abc\u202e\u2066txt.exe\u2069' },
  { name: 'unicode quotes', value: '“double” ‘single’ ’ ‛ ＂ ＇ ‹›' },
  { name: 'shell metacharacters', value: '; | & && || < > >> * ? [a] ~ # {a,b} %s %n' },
  { name: 'a 100 kB value', value: `${'x\'"$(touch pwned-long)`'.repeat(5_000)}`.padEnd(100_000, 'y') },
];

/** Header names: some are HTTP tokens in spite of their `$` or quote, the others are not. */
export const HOSTILE_HEADER_NAMES = [
  'x-ok',
  'x-$HOME',
  "x-it's",
  'x-`id`',
  `x-${'n'.repeat(1_000)}`,
  'bad name',
  '$(touch pwned-name)',
  '`touch pwned-name`',
  'x-"double"',
  'x;touch pwned-name',
  'x-\nnewline',
  'x-\u0000nul',
  'x-“unicode”',
  'x-\u202eevil',
];

const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// eslint-disable-next-line no-control-regex -- the characters HTTP refuses in a header value
const FORBIDDEN_IN_HEADER_VALUE = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/**
 * The arguments curl should receive, read from the exchange on its own terms: every
 * value that a request can carry, intact; what it cannot (a name that is no token, a
 * header value with a line break, NUL in the body) left out, with one warning each.
 */
export function expectedArguments({ http, warnings, env }: { http: HttpExchange; warnings: Warning[]; env: Record<string, string> }): string[] {
  const argv: string[] = [];
  let leftOut = 0;
  if (HTTP_TOKEN.test(http.method)) argv.push('-X', http.method);
  else leftOut++;
  argv.push(http.url);
  const secrets: Record<string, string | undefined> = { 'x-api-key': env.API_KEY, authorization: `Bearer ${env.API_KEY}` };
  for (const [name, value] of Object.entries(http.requestHeaders)) {
    if (!HTTP_TOKEN.test(name)) leftOut++;
    else if (value === '[redacted]') argv.push('-H', `${name}: ${secrets[name.toLowerCase()]}`);
    else if (FORBIDDEN_IN_HEADER_VALUE.test(value)) leftOut++;
    else argv.push('-H', `${name}: ${value}`);
  }
  if (http.requestBody?.includes('\u0000')) leftOut++;
  else if (http.requestBody) argv.push('--data-raw', http.requestBody);
  if ((http.requestHeaders.accept ?? '').includes('text/event-stream')) argv.push('-N');
  if (warnings.length !== leftOut) throw new Error(`Expected ${leftOut} warnings for what was left out, got ${warnings.length}: ${JSON.stringify(warnings)}`);
  return argv;
}

/**
 * Pastes a command into an interactive bash (history expansion on, as in a terminal) in
 * an empty folder. curl is a shell function that prints its arguments, NUL-separated, so
 * nothing reaches the network and no argument length limit applies. Returns the
 * arguments curl received and anything the command left behind.
 */
export function runPasted({ command, env }: { command: string; env: Record<string, string> }): { argv: string[] | undefined; leftBehind: string[]; stderr: string } {
  const outer = mkdtempSync(join(tmpdir(), 'pasted-curl-'));
  try {
    const work = join(outer, 'work');
    const rc = join(outer, 'stub.bashrc');
    writeFileSync(rc, `curl() { printf 'CURL\\0'; printf '%s\\0' "$@"; }\nPS1=''\n`);
    mkdirSync(work);
    const ran = spawnSync('bash', ['--noprofile', '--rcfile', rc, '-i'], {
      cwd: work,
      input: `${command}\n`,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: outer, LANG: 'C.UTF-8', ...env },
      maxBuffer: 64 * 1024 * 1024,
      encoding: 'utf8',
    });
    const leftBehind = [...readdirSync(work).map((name) => `work/${name}`), ...readdirSync(outer).filter((name) => name !== 'work' && name !== 'stub.bashrc' && name !== '.bash_history')];
    const parts = ran.stdout.split('\u0000');
    const start = parts.indexOf('CURL');
    const argv = start === -1 ? undefined : parts.slice(start + 1, -1);
    return { argv, leftBehind, stderr: ran.stderr };
  } finally {
    rmSync(outer, { recursive: true, force: true });
  }
}
