import { isProviderMcpWire } from '../../trace/index.ts';
import { anthropicMcp } from './anthropic-mcp.ts';
import { openAiResponsesMcp } from './openai-responses-mcp.ts';
import type { ProviderMcpAdapter } from './provider-mcp-types.ts';

/** The wire formats whose provider can be the MCP client, each with its adapter (held with its message types unknown, as WireAdapter is). */
const ADAPTERS: Record<string, ProviderMcpAdapter> = { 'openai-responses': openAiResponsesMcp, anthropic: anthropicMcp };

export function getProviderMcpAdapter(wire: string): ProviderMcpAdapter | undefined {
  return isProviderMcpWire(wire) ? ADAPTERS[wire] : undefined;
}

export type { ApprovalAnswer, McpReportEntry, ProviderMcpAdapter, ProviderMcpServerSettings } from './provider-mcp-types.ts';
