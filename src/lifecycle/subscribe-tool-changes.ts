import { guardMcpCall, type McpCallContext } from './guard-mcp-call.ts';
import type { McpConnection } from './mcp-connection.ts';

/** What opening the subscription needs: an MCP call under the watchdog. */
export type ToolChangesSubscriptionContext = McpCallContext;

/**
 * In 2026-07-28 a server sends list_changed only on a subscription the client opened
 * (subscriptions/listen), where 2025-11-25 sent it on any stream. So when the server says
 * its tool list can change (tools.listChanged), the host opts in before it lists the tools,
 * and a change made after the list reaches it; the run's end closes the subscription.
 */
export async function subscribeToToolChanges(context: ToolChangesSubscriptionContext, connection: McpConnection): Promise<void> {
  if (connection.era !== '2026-07-28' || connection.serverCapabilities?.tools?.listChanged !== true) return;
  await guardMcpCall(context, 'while opening a subscription (subscriptions/listen)', () => connection.listen({ toolsListChanged: true }, context.signal));
}
