import { z } from 'zod';
import { ANTHROPIC_MCP_BETA, PROVIDER_MCP_SERVER_LABEL, ANTHROPIC_API_VERSION } from '../../trace/index.ts';
import type { AnthropicConversationMessage } from '../anthropic/anthropic-adapter.ts';
import { ANTHROPIC_MAX_TOKENS } from '../anthropic/anthropic-adapter.ts';
import { AnthropicMessageSchema } from '../anthropic/read-anthropic-response.ts';
import { parseProviderReply } from '../parse-provider-reply.ts';
import type { Warning } from '../../trace/index.ts';
import type { McpReportEntry, ProviderMcpAdapter } from './provider-mcp-types.ts';
import { splitServerHeaders } from './split-server-headers.ts';

/**
 * Anthropic's MCP connector on the host's side. The server goes into `mcp_servers`
 * (`{type: "url", url, name, authorization_token}`), an `mcp_toolset` in `tools` offers its
 * tools, and the `anthropic-beta` header names the connector's beta; @anthropic-ai/sdk's
 * `beta.messages.create({…, betas})` sends exactly that (to `/v1/messages`, as any message). The
 * reply reports the provider's MCP client in `mcp_tool_listing`, `mcp_tool_use` and
 * `mcp_tool_result` blocks (schemas mirroring the SDK's BetaMCPToolListingBlock,
 * BetaMCPToolUseBlock and BetaMCPToolResultBlock). Anthropic never asks for approval.
 */

/** The SDK's BetaRequestMCPServerURLDefinition and BetaMCPToolset, with the fields the host sets. */
export type AnthropicMcpServer = { type: 'url'; url: string; name: string; authorization_token?: string };
export type AnthropicMcpToolset = { type: 'mcp_toolset'; mcp_server_name: string };
export type AnthropicMcpDefinition = { mcp_servers: AnthropicMcpServer[]; tools: AnthropicMcpToolset[] };

const ListedToolSchema = z.looseObject({ name: z.string(), description: z.string().nullish(), input_schema: z.record(z.string(), z.unknown()) });
export const McpToolListingBlockSchema = z.looseObject({ type: z.literal('mcp_tool_listing'), mcp_server_name: z.string(), tools: z.array(ListedToolSchema) });
export const McpToolUseBlockSchema = z.looseObject({
  type: z.literal('mcp_tool_use'),
  id: z.string(),
  name: z.string(),
  server_name: z.string(),
  input: z.unknown(),
});
export const McpToolResultBlockSchema = z.looseObject({
  type: z.literal('mcp_tool_result'),
  tool_use_id: z.string(),
  is_error: z.boolean(),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))]),
});

const ANTHROPIC_RESPONSE = 'an Anthropic Messages response';

function readBlocks(body: unknown): McpReportEntry[] {
  const message = parseProviderReply({ schema: AnthropicMessageSchema, value: body, what: ANTHROPIC_RESPONSE });
  const names = new Map<string, string>();
  return message.content.flatMap((block, index): McpReportEntry[] => {
    const path = `content[${index}]`;
    const at = ['content', index];
    switch (block.type) {
      case 'mcp_tool_listing': {
        const listing = parseProviderReply({ schema: McpToolListingBlockSchema, value: block, what: ANTHROPIC_RESPONSE, path: at });
        return [{ kind: 'tools-list', path, item: block, toolNames: listing.tools.map((tool) => tool.name), error: null }];
      }
      case 'mcp_tool_use': {
        const use = parseProviderReply({ schema: McpToolUseBlockSchema, value: block, what: ANTHROPIC_RESPONSE, path: at });
        names.set(use.id, use.name);
        return [{ kind: 'tool-call', path, item: block, name: use.name, arguments: use.input }];
      }
      case 'mcp_tool_result': {
        const result = parseProviderReply({ schema: McpToolResultBlockSchema, value: block, what: ANTHROPIC_RESPONSE, path: at });
        const text = typeof result.content === 'string' ? result.content : result.content.map((part) => part.text ?? `[${part.type}]`).join('\n');
        const name = names.get(result.tool_use_id) ?? result.tool_use_id;
        return [{ kind: 'tool-result', path, item: block, name, text: result.is_error ? null : text, error: result.is_error ? text : null }];
      }
      default:
        return [];
    }
  });
}

export const anthropicMcp: ProviderMcpAdapter<AnthropicConversationMessage[], unknown, AnthropicMcpDefinition> = {
  wire: 'anthropic',
  describeServer({ server }) {
    const { token, others } = splitServerHeaders(server.headers);
    const definition: AnthropicMcpDefinition = {
      mcp_servers: [{ type: 'url', url: server.url, name: PROVIDER_MCP_SERVER_LABEL, ...(token === undefined ? {} : { authorization_token: token }) }],
      tools: [{ type: 'mcp_toolset', mcp_server_name: PROVIDER_MCP_SERVER_LABEL }],
    };
    const warnings: Warning[] = [
      ...Object.keys(others).map((name) => ({
        code: 'header-not-carried',
        path: 'mcp_servers[0]',
        message: `Anthropic's connector carries a bearer token for the server and nothing else: the ${name} header is not sent.`,
      })),
      ...(server.requireApproval === 'always'
        ? [
            {
              code: 'approval-not-carried',
              message: 'Anthropic’s connector asks no approval: its MCP client calls the tools the model picks without asking the host.',
            },
          ]
        : []),
    ];
    return {
      result: definition,
      warnings,
      changes: [
        { kind: 'added', to: 'mcp_servers[0].name', note: 'a name for the server, which the toolset and the reply’s blocks carry' },
        { kind: 'added', to: 'tools[0]', note: 'an mcp_toolset: every tool of the server is offered' },
        ...(token === undefined
          ? []
          : [
              {
                kind: 'moved' as const,
                from: 'Authorization: Bearer …',
                to: 'mcp_servers[0].authorization_token',
                note: 'the bearer token, which the provider sends the server (a secret: redacted)',
              },
            ]),
      ],
    };
  },
  buildRequest({ model, apiKey, conversation, server }) {
    return {
      path: '/messages',
      headers: {
        'content-type': 'application/json',
        'anthropic-version': ANTHROPIC_API_VERSION,
        'anthropic-beta': ANTHROPIC_MCP_BETA,
        // The page calls Anthropic from the browser; without this header Anthropic refuses CORS.
        'anthropic-dangerous-direct-browser-access': 'true',
        ...(apiKey ? { 'x-api-key': apiKey } : {}),
      },
      body: { model, max_tokens: ANTHROPIC_MAX_TOKENS, messages: conversation, mcp_servers: server.mcp_servers, tools: server.tools },
    };
  },
  readReport: ({ body }) => readBlocks(body),
};
