import type { Warning } from '../trace/trace.ts';
import type { McpTool } from './types.ts';

/** MCP tool fields a provider's tool format has no place for: each one dropped is a warning. */
export function findLostToolFields({ tool, index, provider }: { tool: McpTool; index: number; provider: string }): Warning[] {
  const lost: [keyof McpTool, string][] = [
    ['title', 'its display title'],
    ['annotations', 'its behaviour hints (annotations)'],
    ['outputSchema', 'the shape of its structured output (outputSchema)'],
    ['icons', 'its icons'],
    ['_meta', 'its _meta'],
  ];
  return lost
    .filter(([field]) => tool[field] !== undefined)
    .map(([field, what]) => ({
      code: `dropped-${String(field)}`,
      message: `${provider} tools have no field for ${what}; "${tool.name}" loses it.`,
      path: `tools[${index}].${String(field)}`,
    }));
}
