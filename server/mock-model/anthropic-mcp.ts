import type { Tool } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { ANTHROPIC_MCP_BETA } from '../../src/trace/index.ts';
import type { MockReply, MockToolExchange } from './mock-reply.ts';
import { ProviderMcpError, type ProviderMcpReach } from './provider-mcp-client.ts';
import { readResultText, runProviderMcpTurn, type ProviderMcpEvent, type ProviderMcpServer } from './provider-mcp-turn.ts';
import { MockFaultError, MockRequestFault } from './serve-mock-endpoint.ts';

/**
 * Anthropic's MCP connector, as the mock plays it: `mcp_servers` names a server
 * (`{type: "url", url, name, authorization_token}`), an `mcp_toolset` tool in `tools` offers
 * its tools (`default_config`, per-tool `configs`, a pinned `tools` listing), and the
 * `anthropic-beta` header must name the connector's beta. The mock's own MCP client lists
 * the tools (an `mcp_tool_listing` block under mcp-client-2026-09-15) and calls the one its
 * brain picks (`mcp_tool_use`, then `mcp_tool_result`), then it answers in text. Anthropic
 * asks no approval. Shapes as @anthropic-ai/sdk types them (BetaMCPToolUseBlock, …).
 */

/** The connector betas whose request shape this is: mcp_servers plus an mcp_toolset (2025-04-04 had tool_configuration instead). */
const TOOLSET_BETAS = [ANTHROPIC_MCP_BETA, 'mcp-client-2025-11-20'];

const McpServerSchema = z.looseObject({ type: z.literal('url'), url: z.string(), name: z.string().min(1), authorization_token: z.string().nullish() });
const ToolConfigSchema = z.looseObject({ enabled: z.boolean().optional(), defer_loading: z.boolean().optional() });
const ListedToolSchema = z.looseObject({ name: z.string(), description: z.string().nullish(), input_schema: z.record(z.string(), z.unknown()) });
export const McpToolsetSchema = z.looseObject({
  type: z.literal('mcp_toolset'),
  mcp_server_name: z.string(),
  default_config: ToolConfigSchema.optional(),
  configs: z.record(z.string(), ToolConfigSchema).nullish(),
  tools: z.array(ListedToolSchema).nullish(),
});
type McpToolset = z.infer<typeof McpToolsetSchema>;

const McpToolUseSchema = z.looseObject({ type: z.literal('mcp_tool_use'), id: z.string(), name: z.string(), server_name: z.string(), input: z.unknown() });
const McpToolResultSchema = z.looseObject({
  type: z.literal('mcp_tool_result'),
  tool_use_id: z.string(),
  is_error: z.boolean().optional(),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))]).optional(),
});
const McpToolListingSchema = z.looseObject({ type: z.literal('mcp_tool_listing'), mcp_server_name: z.string(), tools: z.array(ListedToolSchema) });

export type McpToolListingBlock = {
  type: 'mcp_tool_listing';
  mcp_server_name: string;
  tools: { name: string; description?: string; input_schema: Record<string, unknown> }[];
};
export type McpToolUseBlock = { type: 'mcp_tool_use'; id: string; name: string; server_name: string; input: unknown };
export type McpToolResultBlock = {
  type: 'mcp_tool_result';
  tool_use_id: string;
  is_error: boolean;
  content: { type: 'text'; text: string; citations: null }[];
};
export type McpBlock = McpToolListingBlock | McpToolUseBlock | McpToolResultBlock;

type Message = { role: string; content: string | { type: string }[] };

/** The request's MCP connector, checked as Anthropic checks it; undefined when it names no MCP server. */
const TypedSchema = z.looseObject({ type: z.string().optional() });
const typeOf = (tool: unknown): string | undefined => {
  const typed = TypedSchema.safeParse(tool);
  return typed.success ? typed.data.type : undefined;
};

export function readMcpConnector({
  body,
  request,
}: {
  body: { mcp_servers?: unknown; tools?: readonly unknown[] };
  request: Request;
}): { server: z.infer<typeof McpServerSchema>; toolset: McpToolset; listing: boolean } | undefined {
  if (body.mcp_servers === undefined) return undefined;
  const betas = (request.headers.get('anthropic-beta') ?? '').split(',').map((beta) => beta.trim());
  if (!betas.some((beta) => TOOLSET_BETAS.includes(beta))) {
    throw new MockRequestFault(
      `mcp_servers: the MCP connector needs the anthropic-beta header "${ANTHROPIC_MCP_BETA}" (the mock also takes mcp-client-2025-11-20).`,
    );
  }
  const servers = z.array(McpServerSchema).safeParse(body.mcp_servers);
  if (!servers.success)
    throw new MockRequestFault(`mcp_servers.${servers.error.issues[0]?.path.join('.') ?? ''}: ${servers.error.issues[0]?.message ?? 'not understood'}`);
  if (servers.data.length !== 1) throw new MockRequestFault('mcp_servers: the mock model plays one MCP server per request.');
  const server = servers.data[0]!;
  const toolsets = (body.tools ?? []).map((tool, index) => ({ tool, index })).filter(({ tool }) => typeOf(tool) === 'mcp_toolset');
  const others = (body.tools ?? []).findIndex((tool) => typeOf(tool) !== 'mcp_toolset');
  if (others >= 0) throw new MockRequestFault(`tools.${others}: the mock model takes an mcp_toolset alone, without other tools beside it.`);
  const toolset = toolsets.length === 1 ? McpToolsetSchema.safeParse(toolsets[0]!.tool) : undefined;
  if (!toolset?.success) throw new MockRequestFault(`tools: MCP server "${server.name}" must be referenced by exactly one mcp_toolset.`);
  if (toolset.data.mcp_server_name !== server.name)
    throw new MockRequestFault(`tools.${toolsets[0]!.index}.mcp_server_name: no MCP server named "${toolset.data.mcp_server_name}" in mcp_servers.`);
  return { server, toolset: toolset.data, listing: betas.includes(ANTHROPIC_MCP_BETA) };
}

function readListedTool(tool: z.infer<typeof ListedToolSchema>): Tool {
  return { name: tool.name, inputSchema: { ...tool.input_schema, type: 'object' }, ...(tool.description ? { description: tool.description } : {}) };
}

function checkBlock<T>(schema: z.ZodType<T>, block: unknown, path: string): T {
  const parsed = schema.safeParse(block);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new MockRequestFault(`${[path, ...(issue?.path ?? [])].join('.')}: ${issue?.message ?? 'invalid block'}`);
}

/** What the conversation carries for the server: a listing an earlier reply brought, and the calls made so far. */
function readMcpHistory(messages: readonly Message[], serverName: string): { pinned: Tool[] | undefined; exchanges: MockToolExchange[] } {
  let pinned: Tool[] | undefined;
  const uses = new Map<string, { name: string; input: unknown }>();
  const exchanges: MockToolExchange[] = [];
  messages.forEach((message, messageIndex) => {
    if (typeof message.content === 'string') return;
    message.content.forEach((block, blockIndex) => {
      const path = `messages.${messageIndex}.content.${blockIndex}`;
      if (block.type === 'mcp_tool_listing') {
        const listing = checkBlock(McpToolListingSchema, block, path);
        if (listing.mcp_server_name === serverName) pinned = listing.tools.map(readListedTool);
      } else if (block.type === 'mcp_tool_use') {
        const use = checkBlock(McpToolUseSchema, block, path);
        if (use.server_name === serverName) uses.set(use.id, { name: use.name, input: use.input });
      } else if (block.type === 'mcp_tool_result') {
        const result = checkBlock(McpToolResultSchema, block, path);
        const use = uses.get(result.tool_use_id);
        if (!use) return;
        const output = typeof result.content === 'string' ? result.content : (result.content ?? []).map((part) => part.text ?? `[${part.type}]`).join('\n');
        exchanges.push({ name: use.name, arguments: use.input, output, isError: result.is_error === true });
      }
    });
  });
  return { pinned, exchanges };
}

function writeBlocks({ events, serverName, listing }: { events: ProviderMcpEvent[]; serverName: string; listing: boolean }): McpBlock[] {
  return events.flatMap((event): McpBlock[] => {
    switch (event.type) {
      case 'listed':
        // Only the pinning beta reports the listing as a block; under 2025-11-20 it stays inside the provider.
        return listing
          ? [
              {
                type: 'mcp_tool_listing',
                mcp_server_name: serverName,
                tools: event.tools.map((tool) => ({
                  name: tool.name,
                  ...(tool.description ? { description: tool.description } : {}),
                  input_schema: tool.inputSchema,
                })),
              },
            ]
          : [];
      case 'approval-request':
        return [];
      case 'called': {
        const id = event.id.replace(/^mcp_mock_/, 'mcptoolu_mock_');
        const text = event.result ? readResultText(event.result) : (event.error ?? 'The tool failed.');
        return [
          { type: 'mcp_tool_use', id, name: event.call.name, server_name: serverName, input: event.call.arguments },
          {
            type: 'mcp_tool_result',
            tool_use_id: id,
            is_error: event.error !== null || event.result?.isError === true,
            content: [{ type: 'text', text, citations: null }],
          },
        ];
      }
      default: {
        const unknownEvent: never = event;
        throw new Error(`Unknown provider MCP event ${JSON.stringify(unknownEvent)}`);
      }
    }
  });
}

/** The provider's turn with the request's MCP server: its blocks, then the brain's answer. A server the mock cannot reach is refused as a bad request. */
export async function playMcpConnectorTurn(input: {
  connector: NonNullable<ReturnType<typeof readMcpConnector>>;
  messages: readonly Message[];
  model: string | undefined;
  question: string;
  reach: ProviderMcpReach;
  requestUrl: string;
  signal: AbortSignal;
}): Promise<{ blocks: McpBlock[]; reply: MockReply; events: ProviderMcpEvent[] }> {
  const { server, toolset, listing } = input.connector;
  const history = readMcpHistory(input.messages, server.name);
  const pinned = toolset.tools ? toolset.tools.map(readListedTool) : history.pinned;
  const enabled = (name: string) => toolset.configs?.[name]?.enabled ?? toolset.default_config?.enabled ?? true;
  const mcpServer: ProviderMcpServer = {
    label: server.name,
    url: server.url,
    headers: server.authorization_token ? { authorization: `Bearer ${server.authorization_token}` } : {},
    allowedTools: enabled,
    needsApproval: () => false,
    ...(pinned ? { pinnedTools: pinned } : {}),
  };
  try {
    const turn = await runProviderMcpTurn({
      model: input.model,
      question: input.question,
      server: mcpServer,
      exchanges: history.exchanges,
      approvals: new Map(),
      reach: input.reach,
      requestUrl: input.requestUrl,
      signal: input.signal,
    });
    // Anthropic never asks: without approvals the turn always ends in the brain's reply.
    const reply: MockReply = turn.reply ?? { type: 'stop', stop: 'refusal', text: '', reasoning: 'No reply.' };
    return { blocks: writeBlocks({ events: turn.events, serverName: server.name, listing }), reply, events: turn.events };
  } catch (error) {
    if (!(error instanceof ProviderMcpError)) throw error;
    throw new MockFaultError({ status: 400, message: `Error connecting to MCP server "${server.name}": ${error.message}` });
  }
}
