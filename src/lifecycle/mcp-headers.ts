import { HTTP_TOKEN, describeHeaderValueProblem, collectSecretValues, isSecretHeaderName } from '../trace/index.ts';

/**
 * Headers the learner gives for the MCP server (a bearer token is the common case), from
 * the page's headers editor or the CLI's `--header "Name: value"`. They go to the MCP
 * server on every request and nowhere else: a value that may be a secret (the registry's
 * names, or one the learner marked) is a run secret, redacted wherever the run writes text.
 */

/** Plain, without zod: the page's settings (its first load) carry this type. */
export type McpHeader = {
  name: string;
  value: string;
  /** The learner marked it secret; names like Authorization or *-token are secret anyway. */
  secret?: boolean;
};

/**
 * Headers the MCP transport writes itself: a learner's value would fight the SDK's, and a
 * browser refuses some of them anyway. Authorization is the learner's to give.
 */
const TRANSPORT_HEADERS = new Set([
  'accept',
  'content-type',
  'content-length',
  'host',
  'mcp-session-id',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'last-event-id',
]);

/** `Name: value`, as curl's -H spells it; the value may itself hold colons. */
export function parseHeaderLine(line: string): { header: McpHeader } | { error: string } {
  const colon = line.indexOf(':');
  // The line is not repeated: it may be a token pasted alone.
  if (colon <= 0) return { error: 'A header is written "Name: value", for example "Authorization: Bearer …", and this one has no name before a colon.' };
  return { header: { name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() } };
}

/** What is wrong with one header, in words, or undefined when it may be sent. The value is never repeated: it may be a secret. */
export function checkMcpHeader(header: McpHeader): string | undefined {
  const name = header.name.trim();
  if (name === '') return 'A header has a value but no name.';
  if (!HTTP_TOKEN.test(name)) return "A header name may hold only letters, digits and - (and !#$%&'*+.^_`|~), and one of them holds something else.";
  if (TRANSPORT_HEADERS.has(name.toLowerCase())) return `${name} is written by the MCP client itself, so it cannot be given here.`;
  const problem = describeHeaderValueProblem(header.value);
  if (problem) return `The value of ${name} ${problem}.`;
  return undefined;
}

/** Every problem with the headers, one sentence each; empty when all may be sent. */
export function checkMcpHeaders(headers: readonly McpHeader[]): string[] {
  const problems = headers.map(checkMcpHeader).filter((problem): problem is string => problem !== undefined);
  const seen = new Set<string>();
  for (const { name } of headers) {
    const lower = name.trim().toLowerCase();
    if (lower !== '' && seen.has(lower)) problems.push(`${name.trim()} is given twice: keep one.`);
    seen.add(lower);
  }
  return problems;
}

/** Rows the learner left empty (no name and no value) are not headers. */
export function keepFilledHeaders(headers: readonly McpHeader[]): McpHeader[] {
  return headers.filter((header) => header.name.trim() !== '' || header.value.trim() !== '');
}

/** The names the learner marked secret, for the recorder (on top of the registry's). */
export function listMarkedSecretNames(headers: readonly McpHeader[]): string[] {
  return headers.filter((header) => header.secret === true).map((header) => header.name.trim());
}

export function isSecretMcpHeader(header: McpHeader): boolean {
  return header.secret === true || isSecretHeaderName({ name: header.name.trim() });
}

/** The secret values the headers carry (the value, and a bearer's token alone), for redaction everywhere. */
export function listMcpHeaderSecrets(headers: readonly McpHeader[]): string[] {
  const record = Object.fromEntries(headers.map((header) => [header.name.trim(), header.value]));
  return collectSecretValues({ headers: record, marked: listMarkedSecretNames(headers) });
}

/** The headers as the fetch takes them. */
export function toHeaderRecord(headers: readonly McpHeader[]): Record<string, string> {
  return Object.fromEntries(headers.map((header) => [header.name.trim(), header.value.trim()]));
}
