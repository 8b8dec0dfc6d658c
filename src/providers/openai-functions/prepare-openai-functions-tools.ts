import type { FieldChange, Warning } from '../../trace/index.ts';
import { reportLostToolFields } from '../lost-tool-fields.ts';
import { OPENAI_NAME_RULE, sanitizeToolNames } from '../tool-names.ts';
import type { McpTool, PreparedTools } from '../types.ts';

/**
 * One entry of the legacy `functions` array. The SDK's ChatCompletionCreateParams.Function
 * has only name, description and parameters: the legacy shape never had `strict`.
 */
export type OpenAiFunction = { name: string; description?: string; parameters: Record<string, unknown> };

const PROVIDER = 'OpenAI legacy functions';

/**
 * Translation #1 for the legacy `functions` field (the article's shape): each MCP tool
 * becomes `{ name, description, parameters }`, with no wrapper; `inputSchema` is renamed
 * `parameters`; fields with no place are reported.
 */
export function prepareOpenAiFunctionsTools({ tools, strict = false }: { tools: McpTool[]; strict?: boolean }): PreparedTools<OpenAiFunction[]> {
  const names = sanitizeToolNames({ names: tools.map((tool) => tool.name), rule: OPENAI_NAME_RULE });
  const warnings: Warning[] = [...names.warnings];
  const changes: FieldChange[] = [];
  if (strict && tools.length > 0) {
    // Asking for strict mode must not pass silently: the legacy request has no field to carry it.
    warnings.push({
      code: 'strict-not-available',
      message:
        'Legacy functions have no strict mode (only the newer "tools" field has "strict"): the schemas are sent as they are, and the model may not follow them exactly.',
      path: 'tools',
    });
  }
  const converted = tools.map((tool, index): OpenAiFunction => {
    const name = names.result.providerNames[index]!;
    if (name !== tool.name) {
      changes.push({ kind: 'renamed', from: `[${index}].name`, to: `[${index}].name`, note: `renamed to "${name}", a name OpenAI accepts` });
    }
    changes.push({ kind: 'renamed', from: `[${index}].inputSchema`, to: `[${index}].parameters`, note: 'inputSchema is called parameters here' });
    const lost = reportLostToolFields({ tool, index, provider: PROVIDER, place: 'a legacy function' });
    warnings.push(...lost.warnings);
    changes.push(...lost.changes);
    return {
      name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      parameters: tool.inputSchema,
    };
  });
  return { result: { tools: converted, nameMap: names.result.nameMap }, warnings, changes };
}
