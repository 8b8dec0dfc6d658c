import type { HttpExchange, Warning } from '../trace/trace.ts';
import { REDACTED, isSecretHeaderName } from '../trace/secrets.ts';
import { escapeTerminalText, hasTerminalControl } from '../trace/terminal-text.ts';

/**
 * A curl command that sends a recorded request again from a terminal. Everything in a
 * recorded exchange may come from a hostile server or an imported file, and the command
 * is pasted into a shell: every value is quoted so that the shell reads it as one literal
 * word, never as code, and no control character reaches the terminal raw.
 */

export type CurlAudience = 'provider' | 'mcp';
export type CurlCommand = { result: string; warnings: Warning[] };

/** RFC 9110 token (tchar): a header name or a method. */
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
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

/** POSIX single quotes: nothing inside is expanded; a quote is closed, escaped and reopened. */
function quoteSingle(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * One shell word holding exactly `text`. Text with a control character (a newline, ESC,
 * a bidi override) is written in ANSI-C quotes with every byte but plain ASCII escaped,
 * so the value arrives intact and the terminal sees only printable ASCII.
 * NUL cannot be in a shell word at all: the caller leaves such a value out.
 */
export function quoteForShell(text: string): string {
  if (!hasTerminalControl(text)) return quoteSingle(text);
  let quoted = "$'";
  for (const byte of new TextEncoder().encode(text)) {
    const plain = byte >= 0x20 && byte < 0x7f && byte !== 0x27 && byte !== 0x5c && byte !== 0x21;
    quoted += plain ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return `${quoted}'`;
}

/** A name from the record, shown in a warning: short, and with its controls visible. */
function describeName(name: string): string {
  return escapeTerminalText({ text: JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name) });
}

type HeaderArgument = { argument: string; variable?: string } | { warning: Warning };

function formatHeader({ name, value, audience, order }: { name: string; value: string; audience: CurlAudience; order: () => number }): HeaderArgument {
  if (!HTTP_TOKEN.test(name)) {
    return { warning: { code: 'curl-header-name', message: `The header ${describeName(name)} was left out: its name is not an HTTP token, so no request could have carried it.` } };
  }
  const lower = name.toLowerCase();
  if (isSecretHeaderName({ name }) || value === REDACTED) {
    const entry = SECRET_VARIABLES[audience][lower] ?? { variable: `${audience === 'mcp' ? 'MCP_' : ''}SECRET_HEADER_${order()}` };
    return { argument: `-H ${quoteSingle(`${name}: ${entry.prefix ?? ''}`)}"$${entry.variable}"`, variable: entry.variable };
  }
  if (FORBIDDEN_IN_HEADER_VALUE.test(value)) {
    return { warning: { code: 'curl-header-value', message: `The header ${describeName(name)} was left out: its value holds a line break or a control character, which HTTP does not allow in a header.` } };
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
  let requestLine = 'curl';
  if (HTTP_TOKEN.test(http.method)) requestLine += ` -X ${quoteSingle(http.method)}`;
  else warnings.push({ code: 'curl-method', message: `The method ${describeName(http.method)} was left out: it is not an HTTP token.` });
  const words = [`${requestLine} ${quoteForShell(http.url)}`];
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
    if (http.requestBody.includes('\u0000')) warnings.push({ code: 'curl-body', message: 'The body was left out: it holds a NUL character, which no shell argument can carry.' });
    else words.push(`--data-raw ${quoteForShell(http.requestBody)}`);
  }
  const accept = Object.entries(http.requestHeaders).find(([name]) => name.toLowerCase() === 'accept')?.[1] ?? '';
  if (accept.includes('text/event-stream')) words.push('-N');
  const notes: string[] = [];
  if (variables.size > 0) notes.push(`# The secrets were not recorded: set ${[...variables].join(', ')} first.`);
  if (warnings.length > 0) notes.push(`# Left out of this command: ${warnings.length} part${warnings.length === 1 ? '' : 's'} of the record (the explorer says why).`);
  return { result: [...notes, words.join(' \\\n  ')].join('\n'), warnings };
}
