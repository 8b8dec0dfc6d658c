import { z } from 'zod';
import { PROVIDER_MCP_SERVER_LABEL } from '../../trace/index.ts';
import { buildOpenAiJsonHeaders } from '../openai-key-headers.ts';
import type { OpenAiResponsesInputItem } from '../openai-responses/openai-responses-adapter.ts';
import { OpenAiResponsesResponseSchema, type OpenAiResponsesOutputItem } from '../openai-responses/read-openai-responses-response.ts';
import { parseProviderReply } from '../parse-provider-reply.ts';
import { readArgumentsValue } from './read-arguments-value.ts';
import type { McpReportEntry, ProviderMcpAdapter } from './provider-mcp-types.ts';
import { splitServerHeaders } from './split-server-headers.ts';

/**
 * OpenAI Responses' remote MCP tool on the host's side. The server goes into `tools` as
 * `{type: "mcp", server_label, server_url, require_approval, authorization, headers}`; the
 * reply reports the provider's MCP client in `mcp_list_tools`, `mcp_approval_request` and
 * `mcp_call` output items (read here with schemas that mirror the openai SDK's
 * ResponseOutputItem.McpListTools, .McpApprovalRequest and .McpCall); the user's answer to
 * an approval request goes back as an `mcp_approval_response` input item, after the
 * response's own items (no response is stored: the whole conversation is sent each time).
 */

/** The tool as the request carries it, the SDK's Tool.Mcp with the fields the host sets. */
export type OpenAiMcpTool = {
  type: 'mcp';
  server_label: string;
  server_url: string;
  require_approval: 'always' | 'never';
  authorization?: string;
  headers?: Record<string, string>;
};

/** The SDK's ResponseInputItem.McpApprovalResponse, as the host writes it. */
export type OpenAiMcpApprovalResponse = { type: 'mcp_approval_response'; approval_request_id: string; approve: boolean };

const ListedToolSchema = z.looseObject({ name: z.string(), input_schema: z.unknown(), description: z.string().nullish(), annotations: z.unknown().nullish() });
export const McpListToolsItemSchema = z.looseObject({
  type: z.literal('mcp_list_tools'),
  id: z.string(),
  server_label: z.string(),
  tools: z.array(ListedToolSchema),
  error: z.string().nullish(),
});
export const McpApprovalRequestItemSchema = z.looseObject({
  type: z.literal('mcp_approval_request'),
  id: z.string(),
  server_label: z.string(),
  name: z.string(),
  arguments: z.string(),
});
export const McpCallItemSchema = z.looseObject({
  type: z.literal('mcp_call'),
  id: z.string(),
  server_label: z.string(),
  name: z.string(),
  arguments: z.string(),
  output: z.string().nullish(),
  error: z.string().nullish(),
  status: z.string().optional(),
  approval_request_id: z.string().nullish(),
});

const RESPONSES_RESPONSE = 'a Responses API response';

function readItems(body: unknown): McpReportEntry[] {
  const response = parseProviderReply({ schema: OpenAiResponsesResponseSchema, value: body, what: RESPONSES_RESPONSE });
  return response.output.flatMap((item, index): McpReportEntry[] => {
    const path = `output[${index}]`;
    const at = ['output', index];
    switch (item.type) {
      case 'mcp_list_tools': {
        const listing = parseProviderReply({ schema: McpListToolsItemSchema, value: item, what: RESPONSES_RESPONSE, path: at });
        return [{ kind: 'tools-list', path, item, toolNames: listing.tools.map((tool) => tool.name), error: listing.error ?? null }];
      }
      case 'mcp_approval_request': {
        const request = parseProviderReply({ schema: McpApprovalRequestItemSchema, value: item, what: RESPONSES_RESPONSE, path: at });
        return [{ kind: 'approval-request', path, item, id: request.id, name: request.name, arguments: readArgumentsValue(request.arguments) }];
      }
      case 'mcp_call': {
        const call = parseProviderReply({ schema: McpCallItemSchema, value: item, what: RESPONSES_RESPONSE, path: at });
        return [
          { kind: 'tool-call', path, item, name: call.name, arguments: readArgumentsValue(call.arguments) },
          { kind: 'tool-result', path, item, name: call.name, text: call.output ?? null, error: call.error ?? null },
        ];
      }
      default:
        return [];
    }
  });
}

export const openAiResponsesMcp: ProviderMcpAdapter<OpenAiResponsesInputItem[], OpenAiResponsesOutputItem[], OpenAiMcpTool[]> = {
  wire: 'openai-responses',
  describeServer({ server }) {
    const { token, others } = splitServerHeaders(server.headers);
    const tool: OpenAiMcpTool = {
      type: 'mcp',
      server_label: PROVIDER_MCP_SERVER_LABEL,
      server_url: server.url,
      require_approval: server.requireApproval,
      ...(token === undefined ? {} : { authorization: token }),
      ...(Object.keys(others).length > 0 ? { headers: others } : {}),
    };
    return {
      result: [tool],
      warnings: [],
      changes: [
        { kind: 'added', to: '[0].server_label', note: 'a name for the server, which the reply’s items carry' },
        {
          kind: 'added',
          to: '[0].require_approval',
          note: server.requireApproval === 'always' ? 'the provider asks the host before each call' : 'the provider calls without asking',
        },
        ...(token === undefined
          ? []
          : [
              {
                kind: 'moved' as const,
                from: 'Authorization: Bearer …',
                to: '[0].authorization',
                note: 'the bearer token, which the provider sends the server (a secret: redacted)',
              },
            ]),
        ...(Object.keys(others).length > 0
          ? [{ kind: 'moved' as const, from: 'headers', to: '[0].headers', note: 'the other headers, which the provider sends the server' }]
          : []),
      ],
    };
  },
  buildRequest: ({ model, apiKey, baseUrl, conversation, server }) => ({
    path: '/responses',
    headers: buildOpenAiJsonHeaders({ apiKey, baseUrl }),
    body: { model, input: conversation, tools: server },
  }),
  readReport: ({ body }) => readItems(body),
  appendApprovals({ conversation, reply, answers }) {
    const messages: OpenAiMcpApprovalResponse[] = answers.map((answer) => ({
      type: 'mcp_approval_response',
      approval_request_id: answer.id,
      approve: answer.approve,
    }));
    return { conversation: [...conversation, ...reply.assistantMessage, ...messages], messages };
  },
};
