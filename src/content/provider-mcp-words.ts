import { readJsonField } from './read-json-field.ts';

/**
 * The titles of provider-side MCP steps, made from what each step carries: the provider's
 * report (an item of its reply) or the server's own record (a JSON-RPC message). Each says
 * whose account it is, so nothing the host did not see reads as if it had.
 */

const PROVIDER_CLIENT = `the provider’s MCP client`;

function readString(value: unknown, field: string): string | undefined {
  const read = readJsonField(value, field);
  return typeof read === 'string' ? read : undefined;
}

/** "tools/call add_numbers", "tools/list", "notifications/progress": a JSON-RPC message by its method, and the tool it names. */
export function nameMessage(message: unknown): string | undefined {
  const method = readString(message, 'method');
  if (method === undefined) return undefined;
  const tool = method === 'tools/call' ? readString(readJsonField(message, 'params'), 'name') : undefined;
  return tool === undefined ? method : `${method} ${tool}`;
}

/** A request the server's record shows it received from the provider's client. */
export function describeSeenRequest({ message, httpMethod, path }: { message: unknown; httpMethod: string; path: string }): string {
  const named = message === undefined ? `${httpMethod} ${path}` : (nameMessage(message) ?? 'a message it could not read');
  return `Seen by the server: ${named}, from ${PROVIDER_CLIENT}`;
}

/** What the server's record shows it sent back: an answer (to which request), a notification, or a bare HTTP status. */
export function describeSeenAnswer({ message, answering, status }: { message: unknown; answering: string | undefined; status: number }): string {
  const notification = nameMessage(message);
  if (notification !== undefined) return `Seen by the server: it sent ${PROVIDER_CLIENT} ${notification}${describeProgress(message)}`;
  if (message === undefined) return `Seen by the server: it answered HTTP ${status} with no body`;
  const failed = readJsonField(message, 'error') !== undefined;
  const to = answering === undefined ? '' : ` to ${answering}`;
  return `Seen by the server: its ${failed ? 'error' : 'answer'}${to} (HTTP ${status})`;
}

/** A progress notification's own words ("registry lookup …"), which the server wrote. */
function describeProgress(message: unknown): string {
  const text = readString(readJsonField(message, 'params'), 'message');
  return text === undefined ? '' : `: “${text}”`;
}

/** The steps read from the provider's reply name the item they come from. */
export function describeReportedListing({ toolNames, error, path }: { toolNames: string[]; error: string | null; path: string }): { request: string; response: string } {
  return {
    request: `Reported by the provider (${path}): ${PROVIDER_CLIENT} asked the server for its tools (tools/list)`,
    response: error !== null
      ? `Reported by the provider (${path}): the server could not be listed: ${error}`
      : `Reported by the provider (${path}): the server answered with ${toolNames.length === 1 ? '1 tool' : `${toolNames.length} tools`}${toolNames.length > 0 ? ` (${toolNames.join(', ')})` : ''}`,
  };
}

export function describeReportedCall({ name, arguments: args, path }: { name: string; arguments: unknown; path: string }): string {
  return `Reported by the provider (${path}): ${PROVIDER_CLIENT} called ${name} with ${JSON.stringify(args)} (tools/call)`;
}

export function describeReportedResult({ name, text, error, path }: { name: string; text: string | null; error: string | null; path: string }): string {
  if (error !== null) return `Reported by the provider (${path}): ${name} failed: ${error}`;
  return `Reported by the provider (${path}): the server returned ${text === null ? 'no text' : `“${text}”`} for ${name}`;
}

/** What the run shows of the provider's hop, for the steps of the article it does not have. */
export type ProviderHopFacts = { serverSawProgress: boolean; approvalDenied: boolean; callsReported: boolean };

/**
 * Why a step of the article is not in a provider-side run: which of the twenty moved to the
 * provider (the three translations among them), and which the host could not see at all.
 * Undefined for a step the provider's report or the host itself accounts for.
 */
export function describeMovedToProvider(canonical: number, facts: ProviderHopFacts): string | undefined {
  const serverReport = facts.serverSawProgress
    ? 'The server’s own report went to the provider’s MCP client, not to the host; its record, read back after the reply, shows what it sent (seen by the server).'
    : 'The server’s own report, if it made one, went to the provider’s MCP client, not to the host.';
  switch (canonical) {
    case 2:
      return 'Moved to the provider: its own MCP client connects to the server. The host’s MCP client stays idle.';
    case 4:
      return serverReport;
    case 6:
      return 'Moved to the provider: its MCP client hands the tools to its own model.';
    case 7:
      return 'Translation #1 moved to the provider: it turns the MCP tool definitions into what its model reads. The host translated nothing.';
    case 9:
    case 10:
      return 'Inside the provider: the model’s choice and its call go straight to the provider’s MCP client. The reply reports only the call that was made (and an approval request, where the provider asks first).';
    case 11:
      return 'Translation #2 moved to the provider: it turns its model’s call into tools/call itself.';
    case 12:
    case 16:
      if (facts.callsReported) return undefined;
      return facts.approvalDenied ? 'The call was denied at the approval gate, so the provider never sent tools/call.' : 'The provider reported no tools/call in this run.';
    case 13:
    case 14:
    case 15:
      return facts.callsReported ? serverReport : undefined;
    case 17:
      return 'Moved to the provider: its MCP client hands the result to its own model.';
    case 18:
      return 'Translation #3 moved to the provider: it puts the tool result into its model’s context. The host sends no tool result.';
    default:
      return undefined;
  }
}
