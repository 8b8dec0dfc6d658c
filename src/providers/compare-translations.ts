import type { McpCallPlan, McpTool, McpToolResult, PreparedTools, ProviderToolCall, ToolNameMap, Translated } from './types.ts';
import { translateToolCall } from './translate-tool-call.ts';
import { getWireAdapter } from './wire-adapters.ts';
import { WIRE_CATALOG, type WireInfo } from './wire-catalog.ts';

/**
 * The three translations of one run, made again by every wire format's translator from
 * the same MCP data: the tools, the call the model asked for, the tool's result. What a
 * learner compares is what each format renames, re-types or loses.
 */
export type WireComparison = {
  wire: WireInfo;
  first: PreparedTools<unknown>;
  second: { call: ProviderToolCall; translated: Translated<McpCallPlan> } | null;
  third: Translated<unknown[]> | null;
};

export type McpCallParams = { name: string; arguments: Record<string, unknown> };

/** The provider-side name for an MCP tool under this format's renaming. */
function findProviderName(nameMap: ToolNameMap, mcpName: string): string {
  return Object.entries(nameMap).find(([, original]) => original === mcpName)?.[0] ?? mcpName;
}

export function compareTranslations({
  tools,
  call,
  result,
  strict = false,
}: {
  tools: McpTool[];
  call: McpCallParams | null;
  result: McpToolResult | null;
  strict?: boolean;
}): WireComparison[] {
  return WIRE_CATALOG.map((wire) => {
    const adapter = getWireAdapter(wire.id);
    if (!adapter) throw new Error(`No translator for the wire format "${wire.id}".`);
    const first = adapter.prepareTools({ tools, strict });
    const providerCall = call
      ? adapter.formatToolCall({ id: 'call_1', name: findProviderName(first.result.nameMap, call.name), arguments: call.arguments })
      : null;
    const second = providerCall ? { call: providerCall, translated: translateToolCall({ adapter, call: providerCall, toolSet: first.result }) } : null;
    const third = providerCall && result ? adapter.convertToolResults({ results: [{ call: providerCall, outcome: { type: 'result', result } }] }) : null;
    return { wire, first, second, third };
  });
}
