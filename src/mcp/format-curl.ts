import type { HttpExchange, Warning } from '../trace/index.ts';
import { HTTP_TOKEN, REDACTED, isSecretHeaderName, TERMINAL_CONTROL_BUT_NEWLINE_CLASS, escapeTerminalText } from '../trace/index.ts';

/**
 * A curl command that sends a recorded request again from a terminal. Everything in a
 * recorded exchange may come from a hostile server or an imported file, and the command
 * is pasted into a shell, any of bash, zsh, dash and fish: every value is quoted so that
 * each of them reads it as the same literal word, never as code, and no control character
 * reaches the terminal raw.
 */

export type CurlAudience = 'provider' | 'mcp';
export type CurlCommand = { result: string; warnings: Warning[] };

/** What no header value may hold (RFC 9110 field-value): C0 but tab, and DEL. The request could not have carried them. */
// eslint-disable-next-line no-control-regex -- these are the characters to refuse
const FORBIDDEN_IN_HEADER_VALUE = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/**
 * The environment variable each secret header reads, from this fixed table: a name from
 * the network or a file never becomes part of the command's shell syntax.
 */
const SECRET_VARIABLES: Record<CurlAudience, Record<string, { variable: string; prefix?: string }>> = {
  provider: {
    authorization: { variable: 'API_KEY', prefix: 'Bearer ' },
    'x-api-key': { variable: 'API_KEY' },
    'x-goog-api-key': { variable: 'API_KEY' },
    'api-key': { variable: 'API_KEY' },
    'proxy-authorization': { variable: 'PROXY_AUTHORIZATION' },
    cookie: { variable: 'COOKIE' },
  },
  mcp: {
    authorization: { variable: 'MCP_AUTHORIZATION' },
    'x-api-key': { variable: 'MCP_API_KEY' },
    'proxy-authorization': { variable: 'PROXY_AUTHORIZATION' },
    cookie: { variable: 'MCP_COOKIE' },
  },
};

/** Runs of characters that each take the same quoting: quotes and backslashes, controls, the rest. */
const SEGMENTS = new RegExp(`(['\\\\]+)|(${TERMINAL_CONTROL_BUT_NEWLINE_CLASS}+)|((?:(?!['\\\\]|${TERMINAL_CONTROL_BUT_NEWLINE_CLASS})[^])+)`, 'gu');

/** The bytes of `text` as octal escapes, which printf writes back as those bytes in every shell. */
function writeOctal(text: string): string {
  return [...new TextEncoder().encode(text)].map((byte) => `\\${byte.toString(8).padStart(3, '0')}`).join('');
}

/**
 * One shell word holding exactly `text`, read the same by bash, zsh, dash and fish, so
 * that a command meant for one shell and pasted into another still runs nothing. Inside
 * single quotes POSIX shells keep everything, but fish reads `\\` and `\'` as escapes
 * (so `'\''` splicing ends the quote there, and a value holding `\'` ran code); so single
 * quotes hold no quote and no backslash. Those go in double quotes (`"'"`, `"\\"`), which
 * both read alike. A control character (CR, tab, ESC, C1, bidi) must not reach the
 * terminal, and no quoting both read alike can write one, so it is made by printf from
 * octal escapes: `"$(printf '\033')"` (fish since 3.4; an older fish refuses the line and
 * runs nothing). A newline stays as it is inside the quotes: every shell keeps it, and
 * the terminal does not act on it. NUL cannot be in a shell word at all: the caller
 * leaves such a value out.
 */
export function quoteForShell(text: string): string {
  if (text === '') return "''";
  let quoted = '';
  for (const [, special, control, plain] of text.matchAll(SEGMENTS)) {
    if (special !== undefined) quoted += `"${special.replace(/\\/g, '\\\\')}"`;
    else if (control !== undefined) quoted += `"$(printf '${writeOctal(control)}')"`;
    else quoted += `'${plain}'`;
  }
  return quoted;
}

/** A name from the record, shown in a warning: short, and with its controls visible. */
function describeName(name: string): string {
  return escapeTerminalText({ text: JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name) });
}

type HeaderArgument = { argument: string; variable?: string } | { warning: Warning };

function formatHeader({ name, value, audience, order }: { name: string; value: string; audience: CurlAudience; order: () => number }): HeaderArgument {
  if (!HTTP_TOKEN.test(name)) {
    return {
      warning: {
        code: 'curl-header-name',
        message: `The header ${describeName(name)} was left out: its name is not an HTTP token, so no request could have carried it.`,
      },
    };
  }
  const lower = name.toLowerCase();
  if (isSecretHeaderName({ name }) || value === REDACTED) {
    const entry = SECRET_VARIABLES[audience][lower] ?? { variable: `${audience === 'mcp' ? 'MCP_' : ''}SECRET_HEADER_${order()}` };
    return { argument: `-H ${quoteForShell(`${name}: ${entry.prefix ?? ''}`)}"$${entry.variable}"`, variable: entry.variable };
  }
  if (FORBIDDEN_IN_HEADER_VALUE.test(value)) {
    return {
      warning: {
        code: 'curl-header-value',
        message: `The header ${describeName(name)} was left out: its value holds a line break or a control character, which HTTP does not allow in a header.`,
      },
    };
  }
  return { argument: `-H ${quoteForShell(`${name}: ${value}`)}` };
}

/**
 * The command, and a warning for each part of the record that was left out because no
 * request could have carried it. Secret headers read their value from an environment
 * variable (`-H 'x-api-key: '"$API_KEY"`): secrets were never recorded.
 */
export function formatCurl({ http, audience = 'provider' }: { http: HttpExchange; audience?: CurlAudience }): CurlCommand {
  const warnings: Warning[] = [];
  if (http.url.includes('\u0000')) {
    warnings.push({ code: 'curl-url', message: 'The URL holds a NUL character, which no shell argument can carry, so there is no command to copy.' });
    return { result: '# This request cannot be repeated with curl: its URL holds a NUL character.', warnings };
  }
  // --globoff: curl reads [] and {} in a URL as ranges and sets to request, not as the address; --url: a URL never reads as an option.
  let requestLine = 'curl --globoff';
  if (HTTP_TOKEN.test(http.method)) requestLine += ` -X ${quoteForShell(http.method)}`;
  else warnings.push({ code: 'curl-method', message: `The method ${describeName(http.method)} was left out: it is not an HTTP token.` });
  const words = [`${requestLine} --url ${quoteForShell(http.url)}`];
  const variables = new Set<string>();
  let secretCount = 0;
  for (const [name, value] of Object.entries(http.requestHeaders)) {
    const header = formatHeader({ name, value, audience, order: () => ++secretCount });
    if ('warning' in header) {
      warnings.push(header.warning);
      continue;
    }
    words.push(header.argument);
    if (header.variable) variables.add(header.variable);
  }
  if (http.requestBody !== undefined && http.requestBody !== '') {
    if (http.requestBody.includes('\u0000'))
      warnings.push({ code: 'curl-body', message: 'The body was left out: it holds a NUL character, which no shell argument can carry.' });
    else words.push(`--data-raw ${quoteForShell(http.requestBody)}`);
  }
  const accept = Object.entries(http.requestHeaders).find(([name]) => name.toLowerCase() === 'accept')?.[1] ?? '';
  if (accept.includes('text/event-stream')) words.push('-N');
  const notes: string[] = [];
  if (variables.size > 0) notes.push(`# The secrets were not recorded: set ${[...variables].join(', ')} first.`);
  if (warnings.length > 0)
    notes.push(`# Left out of this command: ${warnings.length} part${warnings.length === 1 ? '' : 's'} of the record (the explorer says why).`);
  return { result: [...notes, words.join(' \\\n  ')].join('\n'), warnings };
}
