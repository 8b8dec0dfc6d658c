import type { MockReply } from './mock-reply.ts';
import { describeCall } from './mock-reply.ts';
import type { ProviderMcpEvent } from './provider-mcp-turn.ts';

/** The mock's note on a provider-side MCP turn (its x-mock-reasoning header): what its own MCP client did, then the brain's rule. */
export function describeMcpTurn({ events, reply }: { events: ProviderMcpEvent[]; reply: MockReply | undefined }): string {
  const done = events.map((event) => {
    switch (event.type) {
      case 'listed':
        return `The provider's MCP client listed ${event.tools.length} tool${event.tools.length === 1 ? '' : 's'}.`;
      case 'approval-request':
        return `${describeCall(event.call)} needs the host's approval first (require_approval), so the provider asks before calling it.`;
      case 'called':
        return `The provider's MCP client called ${describeCall(event.call)}${event.error ? `, which failed: ${event.error}` : ''}.`;
      default: {
        const unknownEvent: never = event;
        throw new Error(`Unknown provider MCP event ${JSON.stringify(unknownEvent)}`);
      }
    }
  });
  return [...done, ...(reply ? [reply.reasoning] : [])].join(' ');
}
