import type { Step, Trace, Participant } from '../trace/index.ts';

/**
 * The twin view: the same question asked in both topologies, each wire compared. Every
 * cell is counted from its run's trace: what crossed the provider API, what the host's MCP
 * client said to the server, what the provider reports its own client said and what the
 * server itself saw, the host's translations, the gates that asked the user, and the answer.
 */

export type TwinRow = { wire: string; host: string; provider: string };

type Side = { trace: Trace };

const between = (step: Step, one: Participant, other: Participant) => (step.from === one && step.to === other) || (step.from === other && step.to === one);
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The host's HTTP exchanges with the provider, and how many characters of request bodies it sent. */
function describeProviderApi({ trace }: Side): string {
  const requests = trace.steps.filter((step) => step.from === 'host' && step.to === 'llm' && step.http !== undefined);
  const characters = requests.reduce((sum, step) => sum + (step.http?.requestBody?.length ?? 0), 0);
  const carried = trace.steps.some((step) => step.id === 'host.provider-mcp')
    ? 'the server’s URL, not its tools'
    : trace.steps.some((step) => step.id === 'host.translate-tools')
      ? 'the translated tool definitions'
      : 'no tools';
  return `${plural(requests.length, 'request')} (${characters.toLocaleString('en-US')} characters of bodies), carrying ${carried}`;
}

/** The host's own MCP client and the server: JSON-RPC messages and HTTP exchanges. */
function describeHostClient({ trace }: Side): string {
  const messages = trace.steps.filter((step) => between(step, 'client', 'server'));
  if (messages.length === 0) return 'idle: no message';
  const exchanges = messages.filter((step) => step.http !== undefined).length;
  return `${plural(messages.length, 'message')}${exchanges > 0 ? ` (${plural(exchanges, 'HTTP exchange')})` : ''}`;
}

/** The provider's own MCP client and the server: what the provider reports, and what the server's record shows. */
function describeProviderClient({ trace }: Side): string {
  const reported = trace.steps.filter((step) => step.id.startsWith('provider.reported.')).length;
  const seen = trace.steps.filter((step) => step.id.startsWith('server.seen.')).length;
  if (reported === 0 && seen === 0)
    return trace.steps.some((step) => step.id === 'host.provider-mcp') ? 'no call reported' : 'not used: the provider never spoke MCP';
  const record = trace.steps.some((step) => step.id === 'host.fetch-server-record')
    ? `; ${plural(seen, 'message')} seen by the server (its own record)`
    : '; the server’s own record was not read';
  return `${plural(reported, 'step')} reported by the provider${record}`;
}

function describeTranslations({ trace }: Side): string {
  const translations = trace.steps.filter((step) => step.canonical === 7 || step.canonical === 11 || step.canonical === 18).length;
  return translations === 0 ? 'none: the provider translates for itself' : `${plural(translations, 'translation')} (steps 7, 11, 18)`;
}

function describeGates({ trace }: Side): string {
  const asked = trace.steps.filter((step) => step.gate !== undefined || step.id === 'user.consent' || step.id === 'user.mcp-approval');
  if (asked.length === 0) return 'none';
  return asked.map((step) => step.title).join('; ');
}

function describeAnswer({ trace }: Side): string {
  return `${trace.status}${trace.answer ? `: “${trace.answer}”` : ''}`;
}

const ROWS: { wire: string; describe: (side: Side) => string }[] = [
  { wire: 'Host ↔ provider (provider API)', describe: describeProviderApi },
  { wire: 'Host’s MCP client ↔ MCP server', describe: describeHostClient },
  { wire: 'Provider’s MCP client ↔ MCP server', describe: describeProviderClient },
  { wire: 'Translations by the host', describe: describeTranslations },
  { wire: 'Gates that asked the user', describe: describeGates },
  { wire: 'Outcome', describe: describeAnswer },
];

/** The two runs, row by row: host-side MCP on the left, provider-side on the right. */
export function compareTopologies({ host, provider }: { host: Trace; provider: Trace }): TwinRow[] {
  return ROWS.map((row) => ({ wire: row.wire, host: row.describe({ trace: host }), provider: row.describe({ trace: provider }) }));
}
