import { compareTopologies } from '../../src/content/index.ts';
import type { Trace } from '../../src/trace/index.ts';
import { escapeTerminalJson, escapeTerminalText } from '../../src/trace/index.ts';

/**
 * The twin view for the terminal: one block per wire, host-side MCP and provider-side MCP
 * one under the other (a terminal is too narrow for two columns of sentences). What a
 * trace holds came from servers and models: it is escaped like everything else printed.
 */
export function formatTwinText({ host, provider }: { host: Trace; provider: Trace }): string {
  const rows = compareTopologies({ host, provider });
  const width = 'provider-side MCP'.length;
  const lines = [`The twin view: “${escapeTerminalText({ text: host.question })}” in both topologies, ${host.model.wire} (${host.model.kind} model)`, ''];
  for (const row of rows) {
    lines.push(row.wire);
    lines.push(`  ${'host-side MCP'.padEnd(width)}  ${escapeTerminalText({ text: row.host })}`);
    lines.push(`  ${'provider-side MCP'.padEnd(width)}  ${escapeTerminalText({ text: row.provider })}`);
  }
  return lines.join('\n');
}

/** The twin view as JSON: the rows alone (each run's whole trace is the plain command's --json, with --topology). */
export function formatTwinJson({ host, provider }: { host: Trace; provider: Trace }): string {
  return `${escapeTerminalJson(JSON.stringify({ question: host.question, wire: host.model.wire, twin: compareTopologies({ host, provider }), status: { host: host.status, provider: provider.status } }, null, 2))}\n`;
}
