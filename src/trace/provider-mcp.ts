/**
 * Provider-side MCP as every half sees it: the host that hands the provider an MCP server
 * (src/providers, src/lifecycle), the mock model that plays the provider and calls that
 * server itself (server/mock-model), and the built-in server that keeps a record of what
 * it served for a run (server/http). Kept at the bottom layer so that no half spells a
 * name of its own.
 */

/** The wire formats whose provider can be the MCP client itself: OpenAI Responses (`mcp` tool) and Anthropic Messages (MCP connector). */
export const PROVIDER_MCP_WIRES = ['openai-responses', 'anthropic'] as const;
export type ProviderMcpWire = (typeof PROVIDER_MCP_WIRES)[number];

export function isProviderMcpWire(wire: string): wire is ProviderMcpWire {
  return (PROVIDER_MCP_WIRES as readonly string[]).includes(wire);
}

/**
 * Anthropic's MCP connector beta as @anthropic-ai/sdk 1.14 lists it last (`AnthropicBeta`):
 * `mcp_servers` with an `mcp_toolset` tool, and the `mcp_tool_listing` block (tool-list
 * pinning, SDK 0.128.0, 2026-09-22). The docs' pages still name mcp-client-2025-11-20, the
 * version before it; 2025-04-04 (tool_configuration in mcp_servers) is deprecated.
 */
export const ANTHROPIC_MCP_BETA = 'mcp-client-2026-09-15';

/** Whether the provider asks the host before its MCP client calls a tool (OpenAI's `require_approval`; Anthropic asks never). */
export const APPROVAL_POLICIES = ['always', 'never'] as const;
export type ApprovalPolicy = (typeof APPROVAL_POLICIES)[number];

/** The learner's answer to a provider's approval request, carried by `mcp_approval_response`. */
export const APPROVAL_DECISIONS = ['approve', 'deny'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** The name the host gives the MCP server in the provider request (`server_label`, an `mcp_servers` entry's `name`). */
export const PROVIDER_MCP_SERVER_LABEL = 'explorer';

/**
 * The built-in server keeps what it served for a run when the server URL names the run in
 * this query parameter; the host reads that record back with a GET of SERVER_RECORD_PATH/ID.
 * The id is the run's own random one, so a record is found only by the run that made it.
 */
export const SERVER_RECORD_QUERY = 'record';
export const SERVER_RECORD_PATH = '/mcp/record';
export const RECORD_ID_PATTERN = /^[0-9a-f]{32}$/;
