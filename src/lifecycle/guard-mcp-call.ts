import { HostFault, RunAborted, explainMcpFailure } from './faults.ts';
import { explainStdioFailure } from './stdio-faults.ts';
import { toHeaderRecord } from './mcp-headers.ts';
import type { RunSlice } from './run-context.ts';

/** What an MCP call under the watchdog needs: the server it names in a failure, the abort, the phase a fault belongs to. */
export type McpCallContext = RunSlice<'signal' | 'watchdog' | 'say', 'mcpUrl' | 'mcpTransport' | 'mcpHeaders', 'phase'>;

/**
 * Runs one MCP call under the watchdog and explains its failure. When the watchdog fired,
 * its fault is the one to report: the SDK only sees the abort it caused.
 */
export async function guardMcpCall<T>(context: McpCallContext, during: string, perform: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const { watchdog } = context;
  const signal = watchdog.begin(during, context.options.mcpUrl, context.signal);
  try {
    return await perform(signal);
  } catch (error) {
    throw watchdog.fault ?? error;
  } finally {
    watchdog.end();
  }
}

/** The error to end the run with: the reset, the fault as it was explained, or an explanation of what the SDK raised. */
export function explainMcpError(context: McpCallContext, error: unknown, during: string): Error {
  if (context.signal.aborted || error instanceof RunAborted) return new RunAborted();
  if (error instanceof HostFault) return error;
  const { mcpUrl, mcpTransport } = context.options;
  // A stdio server is a program, not an address: its failures are told in words about the command.
  const fault = mcpTransport
    ? explainStdioFailure(error, mcpUrl.replace(/^stdio:/, ''), during, context.say)
    : explainMcpFailure(error, mcpUrl, during, context.say, { headers: toHeaderRecord(context.options.mcpHeaders ?? []) });
  return new HostFault(fault, context.state.phase);
}
