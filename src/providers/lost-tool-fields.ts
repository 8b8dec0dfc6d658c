import type { FieldChange, Warning } from '../trace/index.ts';
import type { McpTool } from './types.ts';

/** MCP tool fields that some provider tool formats have no place for, with how the learner reads each. */
const LOST_TOOL_FIELDS = [
  ['title', 'its display title'],
  ['annotations', 'its behaviour hints (annotations)'],
  ['outputSchema', 'the shape of its structured output (outputSchema)'],
  ['icons', 'its icons'],
  ['_meta', 'its _meta'],
] as const satisfies readonly (readonly [keyof McpTool, string])[];

export type LostToolField = (typeof LOST_TOOL_FIELDS)[number][0];

/**
 * Translation #1's report of what a tool loses: each MCP field the format has no place for
 * is a warning (said to the learner) and a dropped change (highlighted). `provider` names
 * the format in the warning, `place` the tool's shape in the change ("an Anthropic tool");
 * `keeps` lists the fields this format does carry.
 */
export function reportLostToolFields({
  tool,
  index,
  provider,
  place,
  keeps = [],
}: {
  tool: McpTool;
  index: number;
  provider: string;
  place: string;
  keeps?: LostToolField[];
}): { warnings: Warning[]; changes: FieldChange[] } {
  const lost = LOST_TOOL_FIELDS.filter(([field]) => tool[field] !== undefined && !keeps.includes(field));
  return {
    warnings: lost.map(([field, what]) => ({
      code: `dropped-${field}`,
      message: `${provider} tools have no field for ${what}; "${tool.name}" loses it.`,
      path: `tools[${index}].${field}`,
    })),
    changes: lost.map(([field]) => ({ kind: 'dropped', from: `[${index}].${field}`, note: `no place for ${field} in ${place}` })),
  };
}
