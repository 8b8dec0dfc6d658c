import type { FieldChange, Warning } from '../../trace/index.ts';
import { reportLostToolFields } from '../lost-tool-fields.ts';
import { ANTHROPIC_NAME_RULE, sanitizeToolNames } from '../tool-names.ts';
import type { McpTool, PreparedTools, Translated } from '../types.ts';

export type AnthropicInputSchema = { type: 'object'; [keyword: string]: unknown };

export type AnthropicTool = { name: string; description?: string; input_schema: AnthropicInputSchema };

/** Anthropic answers 400 "input_schema does not support oneOf, allOf, or anyOf at the top level". */
const TOP_LEVEL_REFUSED = ['oneOf', 'anyOf', 'allOf'] as const;

/**
 * Makes an MCP inputSchema one that Anthropic accepts as `input_schema`: the root must
 * be an object schema without a top-level combinator. Nested keywords stay: Anthropic
 * accepts them below the root.
 */
function adjustInputSchema({ schema, index }: { schema: Record<string, unknown>; index: number }): Translated<AnthropicInputSchema> {
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];
  const copy: Record<string, unknown> = { ...schema };
  for (const keyword of TOP_LEVEL_REFUSED) {
    if (copy[keyword] === undefined) continue;
    delete copy[keyword];
    warnings.push({
      code: 'schema-keyword-dropped',
      message: `Anthropic refuses "${keyword}" at the top level of input_schema: it is removed, so the model no longer sees that rule (the MCP server still checks it).`,
      path: `tools[${index}].inputSchema.${keyword}`,
    });
    changes.push({ kind: 'dropped', from: `[${index}].inputSchema.${keyword}`, note: `"${keyword}" is refused at the top level of input_schema` });
  }
  if (copy.type !== 'object') {
    warnings.push({
      code: 'schema-type-object',
      message: `Anthropic requires input_schema to be an object schema: "type" is set to "object" (it was ${JSON.stringify(copy.type)}).`,
      path: `tools[${index}].inputSchema.type`,
    });
    changes.push({
      kind: copy.type === undefined ? 'added' : 'retyped',
      from: `[${index}].inputSchema.type`,
      to: `[${index}].input_schema.type`,
      note: 'input_schema must be "type": "object"',
    });
  }
  return { result: { ...copy, type: 'object' }, warnings, changes };
}

/**
 * Translation #1 for Anthropic Messages: each MCP tool becomes
 * `{ name, description, input_schema }`, flat, with no wrapper. `inputSchema` is
 * renamed; fields with no place are reported. Anthropic has no OpenAI-style strict
 * mode here, so a request for it is reported and ignored.
 */
export function prepareAnthropicTools({ tools, strict = false }: { tools: McpTool[]; strict?: boolean }): PreparedTools<AnthropicTool[]> {
  const names = sanitizeToolNames({ names: tools.map((tool) => tool.name), rule: ANTHROPIC_NAME_RULE });
  const warnings: Warning[] = [...names.warnings];
  const changes: FieldChange[] = [];
  if (strict) {
    warnings.push({ code: 'strict-not-supported', message: 'Strict mode is an OpenAI option: the Anthropic tools are sent without it.' });
  }
  const converted = tools.map((tool, index): AnthropicTool => {
    const name = names.result.providerNames[index]!;
    if (name !== tool.name) {
      changes.push({ kind: 'renamed', from: `[${index}].name`, to: `[${index}].name`, note: `renamed to "${name}", a name Anthropic accepts` });
    }
    changes.push({ kind: 'renamed', from: `[${index}].inputSchema`, to: `[${index}].input_schema`, note: 'inputSchema is called input_schema here' });
    const lost = reportLostToolFields({ tool, index, provider: 'Anthropic Messages', place: 'an Anthropic tool' });
    warnings.push(...lost.warnings);
    changes.push(...lost.changes);
    const schema = adjustInputSchema({ schema: tool.inputSchema, index });
    warnings.push(...schema.warnings);
    changes.push(...schema.changes);
    return {
      name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      input_schema: schema.result,
    };
  });
  return { result: { tools: converted, nameMap: names.result.nameMap }, warnings, changes };
}
