import { checkMcpHeaders, parseHeaderLine, type McpHeader } from '../../src/lifecycle/index.ts';
import { redactUrl, ERA_CHOICES, type Era, type EraChoice } from '../../src/trace/index.ts';

/**
 * The trace CLI's flags about the MCP server: --server, --era and --header (repeatable, as
 * curl spells it), read into what the engine takes, or one sentence on what is wrong.
 * No message repeats a header value or a URL's password: they may be secrets.
 */

export type ServerFlags = { server?: string; era?: string; header?: string[]; secretHeader?: string[]; scenarioEra?: Era };

export type ServerChoice = { mcpUrl: string | undefined; era: EraChoice; mcpHeaders: McpHeader[] };

function isEraChoice(value: string): value is EraChoice {
  return (ERA_CHOICES as readonly string[]).includes(value);
}

function readHeaders(lines: readonly string[], secret: boolean): { headers: McpHeader[] } | { error: string } {
  const headers: McpHeader[] = [];
  for (const line of lines) {
    const parsed = parseHeaderLine(line);
    if ('error' in parsed) return { error: parsed.error };
    headers.push(secret ? { ...parsed.header, secret: true } : parsed.header);
  }
  return { headers };
}

export function readServerFlags(flags: ServerFlags): ServerChoice | { error: string } {
  if (flags.server !== undefined) {
    let url: URL;
    try {
      url = new URL(flags.server);
    } catch {
      return { error: `"${redactUrl({ url: flags.server })}" is not a URL. Give the MCP endpoint, for example http://127.0.0.1:3001/mcp.` };
    }
    if (url.username !== '' || url.password !== '') {
      return {
        error: `The --server URL ${redactUrl({ url: flags.server })} holds a user name or password. Credentials never go in a URL here: remove them and send them as a header, for example --header "Authorization: Basic …" or --header "Authorization: Bearer …".`,
      };
    }
  }
  // A server named by URL may speak either era: Auto finds out, in the open. The built-in one
  // keeps its explicit switch (and a scenario's era is about the built-in server).
  const era = flags.era ?? (flags.server === undefined ? (flags.scenarioEra ?? '2025-11-25') : 'auto');
  if (!isEraChoice(era)) return { error: `Unknown era "${era}": use ${ERA_CHOICES.join(', ')}.` };
  const plain = readHeaders(flags.header ?? [], false);
  if ('error' in plain) return plain;
  const marked = readHeaders(flags.secretHeader ?? [], true);
  if ('error' in marked) return marked;
  const mcpHeaders = [...plain.headers, ...marked.headers];
  if (mcpHeaders.length > 0 && flags.server === undefined)
    return { error: '--header is for a server named with --server: the built-in server needs no headers.' };
  const problems = checkMcpHeaders(mcpHeaders);
  if (problems.length > 0) return { error: problems.join(' ') };
  return { mcpUrl: flags.server, era, mcpHeaders };
}
