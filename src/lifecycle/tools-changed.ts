import type { ToolSet } from '../providers/index.ts';
import { listAndTranslateTools, type DiscoveryContext } from './discovery.ts';
import { honourListTtl, type ListTtlContext } from './list-ttl.ts';
import type { RunSlice } from './run-context.ts';
import { TRAILING_CHANGE_GRACE_MS } from './timeouts.ts';

/** What listing changed tools again needs: the steps since the last list, and discovery to list them. */
export type ToolsChangedContext = DiscoveryContext & ListTtlContext & RunSlice<'trace' | 'signal' | 'hostStep', never, 'connection' | 'toolsListedAt'>;

/**
 * notifications/tools/list_changed says only that the server's tools changed, not how.
 * Before each further model request the host looks for one that arrived since it last
 * listed the tools; if there is one, it lists them again and translates them again, so
 * the model is offered the tools that exist now. With no change, a 2026-07-28 list is
 * listed again when it is past its ttlMs (list-ttl.ts). Undefined when the host keeps its list.
 */
export async function relistChangedTools(context: ToolsChangedContext): Promise<ToolSet | undefined> {
  const { connection } = context.state;
  const listedAt = context.state.toolsListedAt;
  const findChange = () => context.trace.steps.find((step) => step.n > listedAt && step.id === 'mcp.tools-list-changed.notification');
  // 2026-07-28: a change may trail the result on the subscription's own stream.
  if (!findChange() && connection?.listensForToolChanges) await connection.waitForToolsChanged(TRAILING_CHANGE_GRACE_MS, context.signal);
  const change = findChange();
  if (!connection) return undefined;
  if (!change) return honourListTtl(context, connection);
  await context.hostStep('host.list-tools-again', {
    payload: {
      reason: `The server sent notifications/tools/list_changed (step ${change.n}) after the host last listed its tools.`,
      action: 'tools/list again, then translation #1 again, before the next model request',
    },
  });
  return listAndTranslateTools(context, connection);
}
