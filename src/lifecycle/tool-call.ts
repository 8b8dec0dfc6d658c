import { ProtocolError } from '@modelcontextprotocol/client';
import type { McpCallPlan, ToolRoundResult } from '../providers/types.ts';
import { explainMcpError, guardMcpCall } from './guard-mcp-call.ts';
import { askConsent, needsConsent } from './consent.ts';
import { readResourceLinks } from './resource-links.ts';
import type { RunContext } from './run-context.ts';
import { WAIT_FOR_LEARNER_MS } from './timeouts.ts';

export type ToolCallParams = Extract<McpCallPlan, { ok: true }>['params'];

/**
 * One tools/call, steps 12-17: the request on the wire, the server's own steps as it
 * reports them, and the result back to the host. The SDK client validates the result
 * against its CallToolResult schema before it gives it back.
 */
export async function callTool(context: RunContext, params: ToolCallParams): Promise<ToolRoundResult['outcome']> {
  const { connection } = context.state;
  if (!connection) throw new Error('The MCP client is not connected.');
  const tool = context.state.tools.find((listed) => listed.name === params.name);
  if (tool && needsConsent(tool) && (await askConsent(context, { tool, params })) === 'deny') {
    // Nothing reaches the server; the model hears why, so it can tell the user in words.
    context.state.declined = true;
    return { type: 'host-error', message: `The user declined to let the host call ${params.name}, so it was not called and nothing changed on the server.` };
  }
  try {
    const result = await guardMcpCall(context, 'during tools/call', (signal) =>
      connection.request((client) => client.callTool(params, { onprogress: () => {}, timeout: WAIT_FOR_LEARNER_MS, signal })),
    );
    await context.traffic.answered('tools/call');
    await context.hostStep('client.result-to-host', { payload: result });
    return { type: 'result', result: await readResourceLinks(context, result) };
  } catch (error) {
    if (error instanceof ProtocolError && !context.signal.aborted) {
      // A JSON-RPC error (unknown tool, bad params): the host tells the model instead of stopping.
      await context.traffic.answered('tools/call');
      const message = `MCP error ${error.code}: ${error.message}`;
      await context.hostStep('client.result-to-host', { payload: { error: { code: error.code, message } } });
      return { type: 'host-error', message };
    }
    throw explainMcpError(context, error, 'during tools/call');
  }
}
