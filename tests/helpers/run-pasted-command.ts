import { spawn } from 'node:child_process';
import { chmodSync, closeSync, existsSync, openSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
  { name: 'a backslash before a quote, which fish reads as an escape inside single quotes', value: `abc\\'; touch pwned-fish; #` },
  { name: 'backslashes and quotes in runs', value: `\\\\'' '\\'\\ \\\\ ends in a backslash \\` },
  { name: 'fish command substitution and expansions', value: '(touch pwned-fish-paren) $(touch pwned-fish-dollar) {a,b} ~ *' },
  { name: 'curl globbing and options', value: '[1-3] {a,b} -o pwned-option --output pwned-option' },
  { name: 'other control characters', value: 'bell\u0007 del\u007f vt\u000b ff\u000c nel\u0085 ls\u2028 \u0001\u001f' },
  { name: 'a newline before history expansion and code', value: "one\n!! $(touch pwned-nl-bang)\n'" },
  { name: 'percent signs, as printf reads them', value: '%s %d %n %% %b \\n \\033' },
  // One argument may be 128 KiB on Linux, and the body holds the value twice.
  { name: 'a 50 kB value', value: `${'x\'"$(touch pwned-long)`'.repeat(2_000)}`.padEnd(50_000, 'y') },
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
  const argv: string[] = ['--globoff'];
  let leftOut = 0;
  if (HTTP_TOKEN.test(http.method)) argv.push('-X', http.method);
  else leftOut++;
  argv.push('--url', http.url);
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

/** The shells a copied command is pasted into, each interactive as in a terminal (bash and zsh expand `!` history there). */
export const PASTE_SHELLS = {
  bash: ['--noprofile', '--norc', '-i'],
  dash: ['-i'],
  zsh: ['-f', '-i'],
  fish: ['--no-config', '-i'],
} as const;
export type PasteShell = keyof typeof PASTE_SHELLS;

/** What a shell may write in its own home by itself: its history. */
const SHELL_OWN_FILES = new Set([
  'home/.bash_history',
  'home/.local',
  'home/.local/share',
  'home/.local/share/fish',
  'home/.local/share/fish/fish_history',
  'home/.config',
  'home/.config/fish',
]);

function listFiles(folder: string, prefix = ''): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = `${prefix}${entry.name}`;
    return entry.isDirectory() ? [path, ...listFiles(join(folder, entry.name), `${path}/`)] : [path];
  });
}

/**
 * Pastes a command into an interactive shell in an empty folder. curl is a script on
 * PATH that writes its arguments, NUL-separated, to a file outside that folder, so
 * nothing reaches the network. Returns the arguments curl received (undefined if it
 * never ran) and every file the command left behind besides that one. The shell runs while
 * the event loop goes on: a test that blocked it for seconds (as spawnSync did, 4 shells per
 * step) left a keep-alive connection idle past the server's timeout without the client
 * hearing of it, and the next run's request met ECONNRESET on a loaded machine.
 */
export async function runPasted({
  command,
  env,
  shell = 'bash',
}: {
  command: string;
  env: Record<string, string>;
  shell?: PasteShell;
}): Promise<{ argv: string[] | undefined; leftBehind: string[]; stderr: string }> {
  const outer = mkdtempSync(join(tmpdir(), 'pasted-curl-'));
  try {
    for (const folder of ['work', 'home', 'bin']) mkdirSync(join(outer, folder));
    const argvFile = join(outer, 'curl-argv');
    writeFileSync(join(outer, 'bin', 'curl'), `#!/bin/sh\nprintf '%s\\0' "$@" > '${argvFile}'\n`);
    chmodSync(join(outer, 'bin', 'curl'), 0o755);
    // Typed input comes from a file: fish refuses to read a socket, which is what Node's stdin pipe is.
    writeFileSync(join(outer, 'pasted'), `${command}\n`);
    const input = openSync(join(outer, 'pasted'), 'r');
    const stderr = await new Promise<string>((resolve, reject) => {
      const child = spawn(shell, PASTE_SHELLS[shell], {
        cwd: join(outer, 'work'),
        stdio: [input, 'ignore', 'pipe'],
        env: { PATH: `${join(outer, 'bin')}:${process.env.PATH ?? '/usr/bin:/bin'}`, HOME: join(outer, 'home'), LANG: 'C.UTF-8', TERM: 'dumb', ...env },
      });
      let text = '';
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      child.on('error', reject);
      child.on('close', () => resolve(text));
    });
    closeSync(input);
    const argv = existsSync(argvFile) ? readFileSync(argvFile, 'utf8').split('\u0000').slice(0, -1) : undefined;
    const leftBehind = listFiles(outer).filter(
      (path) =>
        path !== 'work' && path !== 'home' && path !== 'bin' && path !== 'bin/curl' && path !== 'curl-argv' && path !== 'pasted' && !SHELL_OWN_FILES.has(path),
    );
    return { argv, leftBehind, stderr };
  } finally {
    rmSync(outer, { recursive: true, force: true });
  }
}
