import type { CallToolResult, Tool } from '@modelcontextprotocol/client';
import { decideMockReply } from './decide-mock-reply.ts';
import type { MockReply, MockToolCall, MockToolExchange } from './mock-reply.ts';
import { openProviderMcpSession, ProviderMcpError, refuseServerUrl, type ProviderMcpReach, type ProviderMcpSession } from './provider-mcp-client.ts';
import { stableId } from './stable-id.ts';

/**
 * One turn of the mock model as a provider with an MCP server of the request's own: the
 * provider's MCP client lists the tools (unless the conversation already carries a listing),
 * the mock's brain decides, the client calls each tool the brain asks for (unless the
 * provider must first ask the host's approval), and the brain decides again with the
 * results, until it answers in words. The wire writes what happened as its own items.
 */

/** The MCP server as a provider request hands it over, read by the wire. */
export type ProviderMcpServer = {
  label: string;
  url: string;
  headers: Record<string, string>;
  /** Only these tools may be used (OpenAI's allowed_tools, Anthropic's configs); all when absent. `tools` is the listing, for filters on annotations. */
  allowedTools?: (name: string, tools: readonly Tool[]) => boolean;
  /** Whether a call of this tool needs the host's approval first (OpenAI's require_approval). */
  needsApproval: (name: string, tools: readonly Tool[]) => boolean;
  /** A listing the conversation already carries: the server is not asked again. */
  pinnedTools?: Tool[];
};

/** What the provider's MCP client did this turn, in order: each becomes one of the wire's items. */
export type ProviderMcpEvent =
  | { type: 'listed'; tools: Tool[] }
  | { type: 'approval-request'; id: string; call: MockToolCall }
  | { type: 'called'; id: string; call: MockToolCall; result: CallToolResult | null; error: string | null; approvalRequestId: string | null };

export type ProviderMcpTurn = {
  events: ProviderMcpEvent[];
  /** The brain's last word (an answer or a stop); none when the turn waits for the host's approval. */
  reply: MockReply | undefined;
};

/** The host's answers to earlier approval requests, by the request's id. */
export type ApprovalAnswers = ReadonlyMap<string, { approve: boolean; call: MockToolCall }>;

/** A model that keeps calling tools is stopped by the provider after this many rounds of the turn. */
const MAX_ROUNDS = 5;

/** The text of a tool result as the provider hands it to its model: text parts, and a note for anything else. */
export function readResultText(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
}

/** The approval request's id: the same server, call and place in the conversation give the same id in the next request. */
export function approvalRequestId({ label, call, exchangeCount }: { label: string; call: MockToolCall; exchangeCount: number }): string {
  return `mcpr_mock_${stableId(`${label}:${exchangeCount}:${call.name}:${JSON.stringify(call.arguments)}`)}`;
}

export async function runProviderMcpTurn(input: {
  model: string | undefined;
  question: string;
  server: ProviderMcpServer;
  /** Calls earlier turns made, as the conversation carries them. */
  exchanges: MockToolExchange[];
  approvals: ApprovalAnswers;
  reach: ProviderMcpReach;
  requestUrl: string;
  signal: AbortSignal;
}): Promise<ProviderMcpTurn> {
  const { server } = input;
  const refusal = refuseServerUrl({ text: server.url, reach: input.reach, requestUrl: input.requestUrl });
  if (refusal) throw new ProviderMcpError(refusal, 'url');
  const events: ProviderMcpEvent[] = [];
  let session: ProviderMcpSession | undefined;
  const connect = async () =>
    (session ??= await openProviderMcpSession({ url: server.url, headers: server.headers, reach: input.reach, signal: input.signal }));
  try {
    let tools = server.pinnedTools;
    if (!tools) {
      tools = await (await connect()).listTools();
      events.push({ type: 'listed', tools });
    }
    const listing = tools;
    const offered = tools.filter((tool) => server.allowedTools?.(tool.name, listing) ?? true);
    const mockTools = offered.map((tool) => ({
      name: tool.name,
      ...(tool.description ? { description: tool.description } : {}),
      parameters: tool.inputSchema,
    }));
    const exchanges = [...input.exchanges];
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const reply = decideMockReply({ model: input.model, question: input.question, tools: mockTools, exchanges });
      if (reply.type !== 'tool-calls') return { events, reply };
      let waiting = false;
      for (const call of reply.calls) {
        const exchangeCount = exchanges.length;
        const requestId = server.needsApproval(call.name, listing) ? approvalRequestId({ label: server.label, call, exchangeCount }) : null;
        const answer = requestId === null ? undefined : input.approvals.get(requestId);
        if (requestId !== null && answer === undefined) {
          events.push({ type: 'approval-request', id: requestId, call });
          waiting = true;
          continue;
        }
        if (answer?.approve === false) {
          // Denied: nothing goes to the server, and the model is told so.
          exchanges.push({ name: call.name, arguments: call.arguments, output: `Error: the user did not approve this call to ${call.name}.`, isError: true });
          continue;
        }
        const id = `mcp_mock_${stableId(`${server.label}:${exchangeCount}:${call.name}:${JSON.stringify(call.arguments)}`)}`;
        const called = await callOnce(await connect(), call);
        events.push({ type: 'called', id, call, ...called, approvalRequestId: requestId });
        const output = called.result ? readResultText(called.result) : `Error: ${called.error ?? 'no result'}`;
        exchanges.push({ name: call.name, arguments: call.arguments, output, isError: called.error !== null || called.result?.isError === true });
      }
      if (waiting) return { events, reply: undefined };
    }
    return {
      events,
      reply: { type: 'stop', stop: 'cut-off', text: '', reasoning: `The provider stops its model after ${MAX_ROUNDS} rounds of MCP calls in one turn.` },
    };
  } finally {
    await session?.close();
  }
}

/** A call whose JSON-RPC error is the call's error (the provider reports it), not the turn's. */
async function callOnce(session: ProviderMcpSession, call: MockToolCall): Promise<{ result: CallToolResult | null; error: string | null }> {
  try {
    return { result: await session.callTool({ name: call.name, arguments: call.arguments }), error: null };
  } catch (error) {
    if (error instanceof ProviderMcpError && error.stage === 'call') return { result: null, error: error.message };
    throw error;
  }
}
