import { BRIDGE_NAME_PATTERN } from '../../src/trace/index.ts';

/**
 * A stdio server named on the command line, `NAME="COMMAND ARGS"` (npm start) or
 * `"COMMAND ARGS"` (npm run trace). The words are split here, never by a shell: no
 * variables, globs, pipes or `;` are interpreted, and the program is run with
 * `shell: false`. Quotes group words ('a b', "a b"), a backslash escapes the next
 * character outside single quotes, and a JSON array of strings is taken word for word.
 */

export type StdioCommand = { command: string; args: string[] };
/** `shared`: one program serves every client (--stdio-shared), for a command that cannot run twice at once. */
export type NamedStdioCommand = StdioCommand & { name: string; shared?: boolean };

type Split = { ok: true; words: string[] } | { ok: false; reason: string };

function splitWords(text: string): Split {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else word += char;
      continue;
    }
    if (char === '\\' && index + 1 < text.length && (quote === undefined || /["\\]/.test(text[index + 1]!))) {
      word += text[++index];
      inWord = true;
      continue;
    }
    if (quote === '"') {
      if (char === '"') quote = undefined;
      else word += char;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote) return { ok: false, reason: `a ${quote === '"' ? 'double' : 'single'} quote is not closed` };
  if (inWord) words.push(word);
  return { ok: true, words };
}

function readJsonWords(text: string): Split {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'it begins with [ but is not a JSON array' };
  }
  if (!Array.isArray(value) || !value.every((word): word is string => typeof word === 'string'))
    return { ok: false, reason: 'a JSON array form must hold strings only' };
  return { ok: true, words: value };
}

/** "node server.js stdio" or ["node","server.js","stdio"] as a program and its arguments. */
export function parseStdioCommand(text: string): { ok: true; command: StdioCommand } | { ok: false; reason: string } {
  const split = text.trim().startsWith('[') ? readJsonWords(text.trim()) : splitWords(text);
  if (!split.ok) return split;
  const [command, ...args] = split.words;
  if (command === undefined || command === '') return { ok: false, reason: 'no program is named' };
  return { ok: true, command: { command, args } };
}

const EXAMPLE = '--stdio everything="npx -y @modelcontextprotocol/server-everything stdio"';

/** NAME="COMMAND ARGS" from --stdio, or the reason it is not one, worded for the command line. */
export function parseNamedStdioCommand(text: string): { ok: true; server: NamedStdioCommand } | { ok: false; message: string } {
  const equals = text.indexOf('=');
  if (equals < 0) return { ok: false, message: `--stdio "${text}" names no server: write NAME="COMMAND ARGS", for example ${EXAMPLE}` };
  const name = text.slice(0, equals);
  if (!BRIDGE_NAME_PATTERN.test(name)) {
    return { ok: false, message: `--stdio name "${name}" is not allowed: use lower-case letters, digits and hyphens (up to 64), for example ${EXAMPLE}` };
  }
  const parsed = parseStdioCommand(text.slice(equals + 1));
  if (!parsed.ok)
    return {
      ok: false,
      message: `--stdio ${name}: the command cannot be read (${parsed.reason}). Write NAME="COMMAND ARGS" or NAME='["program","arg"]'; it is split into words without a shell.`,
    };
  return { ok: true, server: { name, ...parsed.command } };
}

/** Every --stdio and --stdio-shared flag read (the latter marked shared), or the first mistake; a name given twice is a mistake too. */
export function readStdioFlags(values: string[] | undefined, fail: (message: string) => never, sharedValues: string[] = []): NamedStdioCommand[] {
  const servers: NamedStdioCommand[] = [];
  const flagged = [...(values ?? []).map((value) => ({ value, shared: false })), ...sharedValues.map((value) => ({ value, shared: true }))];
  for (const { value, shared } of flagged) {
    const parsed = parseNamedStdioCommand(value);
    if (!parsed.ok) fail(parsed.message);
    else if (servers.some((server) => server.name === parsed.server.name))
      fail(`--stdio ${parsed.server.name} is given twice: each bridged server needs a name of its own.`);
    else servers.push(shared ? { ...parsed.server, shared } : parsed.server);
  }
  return servers;
}
