import { readJsonField } from './read-json-field.ts';

/**
 * The titles of provider-side MCP steps, made from what each step carries: the provider's
 * report (an item of its reply) or the server's own record (a JSON-RPC message). Each says
 * whose account it is, so nothing the host did not see reads as if it had. Only the engine
 * writes them (it is loaded with a run), so they stay off the first page: the words read
 * from a trace are in provider-mcp-words.ts.
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
export function describeReportedListing({ toolNames, error, path }: { toolNames: string[]; error: string | null; path: string }): {
  request: string;
  response: string;
} {
  return {
    request: `Reported by the provider (${path}): ${PROVIDER_CLIENT} asked the server for its tools (tools/list)`,
    response:
      error !== null
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
