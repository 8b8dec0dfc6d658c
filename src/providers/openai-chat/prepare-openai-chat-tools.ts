import type { Warning } from '../../lifecycle/trace.ts';
import { findLostToolFields } from '../lost-tool-fields.ts';
import { OPENAI_NAME_RULE, sanitizeToolNames } from '../tool-names.ts';
import type { McpTool, ToolNameMap, Translated } from '../types.ts';

export type OpenAiChatTool = {
  type: 'function';
  function: { name: string; description?: string; parameters: Record<string, unknown> };
};

/**
 * Translation #1 for Chat Completions: each MCP tool becomes
 * `{ type: "function", function: { name, description, parameters } }`.
 * `inputSchema` is renamed `parameters`; fields with no place are reported.
 */
export function prepareOpenAiChatTools({ tools }: { tools: McpTool[] }): Translated<{ tools: OpenAiChatTool[]; nameMap: ToolNameMap }> {
  const names = sanitizeToolNames({ names: tools.map((tool) => tool.name), rule: OPENAI_NAME_RULE });
  const warnings: Warning[] = [...names.warnings];
  const converted = tools.map((tool, index): OpenAiChatTool => {
    warnings.push(...findLostToolFields({ tool, index, provider: 'OpenAI Chat Completions' }));
    return {
      type: 'function',
      function: {
        name: names.result.providerNames[index]!,
        ...(tool.description !== undefined ? { description: tool.description } : {}),
        parameters: tool.inputSchema as Record<string, unknown>,
      },
    };
  });
  return { result: { tools: converted, nameMap: names.result.nameMap }, warnings };
}
