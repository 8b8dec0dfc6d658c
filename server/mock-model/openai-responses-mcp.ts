import type { Tool } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { readArgumentsText, writeArgumentsText, type MockReply, type MockToolCall, type MockToolExchange } from './mock-reply.ts';
import { ProviderMcpError, type ProviderMcpReach } from './provider-mcp-client.ts';
import { readResultText, runProviderMcpTurn, type ApprovalAnswers, type ProviderMcpEvent, type ProviderMcpServer } from './provider-mcp-turn.ts';
import { MockFaultError, MockRequestFault } from './serve-mock-endpoint.ts';
import { parseItem } from './openai-responses-request.ts';
import { stableId } from './stable-id.ts';

/**
 * The Responses API's remote MCP tool, as the mock plays it: a request whose tools hold
 * `{type: "mcp", server_label, server_url, require_approval, allowed_tools, headers,
 * authorization}` has the mock's own MCP client list the server's tools (an `mcp_list_tools`
 * item), ask the host's approval first where `require_approval` says so (an
 * `mcp_approval_request` item, answered by an `mcp_approval_response` input item in the
 * next request), call the tool (an `mcp_call` item) and answer. Shapes as the openai SDK
 * types them (ResponseOutputItem.McpListTools, .McpApprovalRequest, .McpCall).
 */

const ToolFilterSchema = z.looseObject({ read_only: z.boolean().optional(), tool_names: z.array(z.string()).optional() });

export const McpToolSchema = z.looseObject({
  type: z.literal('mcp'),
  server_label: z.string().min(1),
  server_url: z.string().optional(),
  connector_id: z.string().optional(),
  server_description: z.string().optional(),
  require_approval: z
    .union([z.enum(['always', 'never']), z.looseObject({ always: ToolFilterSchema.optional(), never: ToolFilterSchema.optional() })])
    .nullish(),
  allowed_tools: z.union([z.array(z.string()), ToolFilterSchema]).nullish(),
  headers: z.record(z.string(), z.string()).nullish(),
  authorization: z.string().optional(),
});
type McpTool = z.infer<typeof McpToolSchema>;

const ListedToolSchema = z.looseObject({ name: z.string(), input_schema: z.unknown(), description: z.string().nullish(), annotations: z.unknown().nullish() });
const McpListToolsInputSchema = z.looseObject({ type: z.literal('mcp_list_tools'), server_label: z.string(), tools: z.array(ListedToolSchema) });
const McpApprovalRequestInputSchema = z.looseObject({
  type: z.literal('mcp_approval_request'),
  id: z.string(),
  server_label: z.string(),
  name: z.string(),
  arguments: z.string(),
});
const McpApprovalResponseInputSchema = z.looseObject({ type: z.literal('mcp_approval_response'), approval_request_id: z.string(), approve: z.boolean() });
const McpCallInputSchema = z.looseObject({
  type: z.literal('mcp_call'),
  server_label: z.string(),
  name: z.string(),
  arguments: z.string(),
  output: z.string().nullish(),
  error: z.string().nullish(),
});

export type McpListToolsItem = {
  id: string;
  type: 'mcp_list_tools';
  server_label: string;
  tools: { name: string; input_schema: unknown; description: string | null; annotations: unknown }[];
  error: string | null;
};
export type McpApprovalRequestItem = { id: string; type: 'mcp_approval_request'; server_label: string; name: string; arguments: string };
export type McpCallItem = {
  id: string;
  type: 'mcp_call';
  server_label: string;
  name: string;
  arguments: string;
  output: string | null;
  error: string | null;
  status: 'completed' | 'failed';
  approval_request_id: string | null;
};
export type McpOutputItem = McpListToolsItem | McpApprovalRequestItem | McpCallItem;

/** The MCP tool as a response echoes it: no header values and no token (they are the caller's secrets). */
export type McpToolEcho = {
  type: 'mcp';
  server_label: string;
  server_url?: string;
  server_description?: string;
  allowed_tools: McpTool['allowed_tools'] | null;
  require_approval: McpTool['require_approval'] | null;
  headers: null;
};

/** A tool matches a filter when its name is listed (if names are given) and its readOnlyHint is as asked (if asked). */
function matchesFilter(filter: z.infer<typeof ToolFilterSchema>, name: string, tool: Tool | undefined): boolean {
  if (filter.tool_names && !filter.tool_names.includes(name)) return false;
  if (filter.read_only !== undefined && (tool?.annotations?.readOnlyHint === true) !== filter.read_only) return false;
  return true;
}

/** OpenAI's default is to ask: a call needs approval unless the tool says never, or a never filter names it. */
function readApprovalRule(rule: McpTool['require_approval']): ProviderMcpServer['needsApproval'] {
  if (rule === 'never') return () => false;
  if (rule === undefined || rule === null || rule === 'always') return () => true;
  return (name, tools) => {
    const tool = tools.find((listed) => listed.name === name);
    if (rule.never && matchesFilter(rule.never, name, tool)) return false;
    if (rule.always) return matchesFilter(rule.always, name, tool);
    return true;
  };
}

function readAllowedTools(rule: McpTool['allowed_tools']): ProviderMcpServer['allowedTools'] {
  if (rule === undefined || rule === null) return undefined;
  if (Array.isArray(rule)) return (name) => rule.includes(name);
  return (name, tools) =>
    matchesFilter(
      rule,
      name,
      tools.find((tool) => tool.name === name),
    );
}

const InputSchemaSchema = z.looseObject({ type: z.literal('object') });

/** A listed tool as the MCP SDK types it: its schema as listed, or an empty object schema when the listing's is not one. */
function readListedTool(tool: z.infer<typeof ListedToolSchema>): Tool {
  const schema = InputSchemaSchema.safeParse(tool.input_schema);
  return { name: tool.name, inputSchema: schema.success ? schema.data : { type: 'object' }, ...(tool.description ? { description: tool.description } : {}) };
}

/** What the conversation carries for this server: its listing, the approvals asked and given, the calls made. */
function readMcpInput(
  items: readonly { type?: string }[],
  label: string,
): { pinned: Tool[] | undefined; approvals: ApprovalAnswers; exchanges: MockToolExchange[] } {
  let pinned: Tool[] | undefined;
  const asked = new Map<string, MockToolCall>();
  const approvals = new Map<string, { approve: boolean; call: MockToolCall }>();
  const exchanges: MockToolExchange[] = [];
  items.forEach((item, index) => {
    switch (item.type) {
      case 'mcp_list_tools': {
        const listing = parseItem(McpListToolsInputSchema, item, index);
        if (listing.server_label === label) {
          pinned = listing.tools.map(readListedTool);
        }
        return;
      }
      case 'mcp_approval_request': {
        const request = parseItem(McpApprovalRequestInputSchema, item, index);
        const args = readArgumentsText(request.arguments);
        asked.set(request.id, { name: request.name, arguments: typeof args === 'object' && args !== null ? Object.fromEntries(Object.entries(args)) : {} });
        return;
      }
      case 'mcp_approval_response': {
        const response = parseItem(McpApprovalResponseInputSchema, item, index);
        const call = asked.get(response.approval_request_id);
        // OpenAI answers an approval for a request it never made with an error; so does the mock, which sees only this request.
        if (!call)
          throw new MockRequestFault(
            `No approval request found with id ${response.approval_request_id}: send the mcp_approval_request item before its mcp_approval_response.`,
            `input[${index}].approval_request_id`,
          );
        approvals.set(response.approval_request_id, { approve: response.approve, call });
        return;
      }
      case 'mcp_call': {
        const call = parseItem(McpCallInputSchema, item, index);
        if (call.server_label !== label) return;
        const isError = call.error !== undefined && call.error !== null;
        exchanges.push({
          name: call.name,
          arguments: readArgumentsText(call.arguments),
          output: isError ? `Error: ${call.error}` : (call.output ?? ''),
          isError,
        });
        return;
      }
      default:
    }
  });
  return { pinned, approvals, exchanges };
}

/** The request's MCP tool, checked as the mock takes it; undefined when the request hands over no MCP server. */
export function readMcpTool(tools: readonly { type: string }[] | undefined): McpTool | undefined {
  const mcp = (tools ?? []).flatMap((tool, index) => (tool.type === 'mcp' ? [{ tool, index }] : []));
  if (mcp.length === 0) return undefined;
  const first = mcp[0]!;
  const parsed = McpToolSchema.safeParse(first.tool);
  if (!parsed.success) throw new MockRequestFault(`Invalid mcp tool: ${parsed.error.issues[0]?.message ?? 'not understood'}.`, `tools[${first.index}]`);
  if (mcp.length > 1) throw new MockRequestFault('The mock model plays one MCP server per request: give one tool of type "mcp".', `tools[${mcp[1]!.index}]`);
  const others = (tools ?? []).findIndex((tool) => tool.type !== 'mcp');
  if (others >= 0) throw new MockRequestFault('The mock model takes an mcp tool alone, without function tools beside it.', `tools[${others}]`);
  if (parsed.data.connector_id !== undefined)
    throw new MockRequestFault('The mock model has no connectors: give server_url instead of connector_id.', `tools[${first.index}].connector_id`);
  if (parsed.data.server_url === undefined)
    throw new MockRequestFault('One of server_url, connector_id or tunnel_id must be provided.', `tools[${first.index}].server_url`);
  return parsed.data;
}

export function echoMcpTool(tool: McpTool): McpToolEcho {
  return {
    type: 'mcp',
    server_label: tool.server_label,
    ...(tool.server_url === undefined ? {} : { server_url: tool.server_url }),
    ...(tool.server_description === undefined ? {} : { server_description: tool.server_description }),
    allowed_tools: tool.allowed_tools ?? null,
    require_approval: tool.require_approval ?? null,
    headers: null,
  };
}

function writeItems({ events, label }: { events: ProviderMcpEvent[]; label: string }): McpOutputItem[] {
  return events.map((event): McpOutputItem => {
    switch (event.type) {
      case 'listed':
        return {
          id: `mcpl_mock_${stableId(`${label}:${JSON.stringify(event.tools.map((tool) => tool.name))}`)}`,
          type: 'mcp_list_tools',
          server_label: label,
          tools: event.tools.map((tool) => ({
            name: tool.name,
            input_schema: tool.inputSchema,
            description: tool.description ?? null,
            annotations: tool.annotations ?? null,
          })),
          error: null,
        };
      case 'approval-request':
        return { id: event.id, type: 'mcp_approval_request', server_label: label, name: event.call.name, arguments: writeArgumentsText(event.call) };
      case 'called': {
        const failed = event.error !== null || event.result?.isError === true;
        const text = event.result ? readResultText(event.result) : null;
        return {
          id: event.id,
          type: 'mcp_call',
          server_label: label,
          name: event.call.name,
          arguments: writeArgumentsText(event.call),
          // A tool that failed (isError) is reported as an error with its text, as a JSON-RPC error is with its message.
          output: failed ? null : text,
          error: failed ? (event.error ?? text ?? 'The tool failed.') : null,
          status: failed ? 'failed' : 'completed',
          approval_request_id: event.approvalRequestId,
        };
      }
      default: {
        const unknownEvent: never = event;
        throw new Error(`Unknown provider MCP event ${JSON.stringify(unknownEvent)}`);
      }
    }
  });
}

/**
 * The provider's turn with the request's MCP server: the items it writes before its answer,
 * and the answer (none while it waits for approval). A server the mock cannot list is a
 * 424, as OpenAI answers one: the request depended on a server that failed.
 */
export async function playMcpTurn(input: {
  tool: McpTool;
  items: readonly { type?: string }[];
  model: string | undefined;
  question: string;
  reach: ProviderMcpReach;
  requestUrl: string;
  signal: AbortSignal;
}): Promise<{ items: McpOutputItem[]; reply: MockReply | undefined; events: ProviderMcpEvent[] }> {
  const { tool } = input;
  const { pinned, approvals, exchanges } = readMcpInput(input.items, tool.server_label);
  const allowed = readAllowedTools(tool.allowed_tools);
  const server: ProviderMcpServer = {
    label: tool.server_label,
    url: tool.server_url ?? '',
    headers: { ...(tool.headers ?? {}), ...(tool.authorization ? { authorization: `Bearer ${tool.authorization}` } : {}) },
    needsApproval: readApprovalRule(tool.require_approval),
    ...(allowed ? { allowedTools: allowed } : {}),
    ...(pinned ? { pinnedTools: pinned } : {}),
  };
  try {
    const turn = await runProviderMcpTurn({
      model: input.model,
      question: input.question,
      server,
      exchanges,
      approvals,
      reach: input.reach,
      requestUrl: input.requestUrl,
      signal: input.signal,
    });
    return { items: writeItems({ events: turn.events, label: tool.server_label }), reply: turn.reply, events: turn.events };
  } catch (error) {
    if (!(error instanceof ProviderMcpError)) throw error;
    throw new MockFaultError({
      status: 424,
      type: 'external_connector_error',
      param: 'tools',
      message: `Error retrieving tool list from MCP server: '${tool.server_label}'. ${error.message}`,
    });
  }
}
