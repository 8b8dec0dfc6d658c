import type { FieldChange, Warning } from '../../trace/index.ts';
import { reportLostToolFields } from '../lost-tool-fields.ts';
import { prepareStrictParameters } from '../prepare-strict-parameters.ts';
import { OPENAI_NAME_RULE, sanitizeToolNames } from '../tool-names.ts';
import type { McpTool, PreparedTools } from '../types.ts';

export type OpenAiChatTool = {
  type: 'function';
  function: { name: string; description?: string; parameters: Record<string, unknown>; strict?: boolean };
};

/**
 * Translation #1 for Chat Completions: each MCP tool becomes
 * `{ type: "function", function: { name, description, parameters } }`.
 * `inputSchema` moves to `function.parameters`; in strict mode the schema is rewritten
 * as OpenAI requires, or the tool goes without strict mode when its schema says what
 * strict mode cannot (prepare-strict-parameters.ts); fields with no place are reported.
 */
export function prepareOpenAiChatTools({ tools, strict = false }: { tools: McpTool[]; strict?: boolean }): PreparedTools<OpenAiChatTool[]> {
  const names = sanitizeToolNames({ names: tools.map((tool) => tool.name), rule: OPENAI_NAME_RULE });
  const warnings: Warning[] = [...names.warnings];
  const changes: FieldChange[] = [];
  const strictSchemas: Record<string, McpTool['inputSchema']> = {};
  const converted = tools.map((tool, index): OpenAiChatTool => {
    const name = names.result.providerNames[index]!;
    changes.push(
      { kind: 'added', to: `[${index}].type`, note: 'every tool is wrapped as a "function"' },
      name === tool.name
        ? { kind: 'moved', from: `[${index}].name`, to: `[${index}].function.name`, note: 'the name moves into "function"' }
        : { kind: 'renamed', from: `[${index}].name`, to: `[${index}].function.name`, note: `renamed to "${name}", a name OpenAI accepts` },
      { kind: 'renamed', from: `[${index}].inputSchema`, to: `[${index}].function.parameters`, note: 'inputSchema is called parameters here' },
    );
    if (tool.description !== undefined) {
      changes.push({ kind: 'moved', from: `[${index}].description`, to: `[${index}].function.description`, note: 'the description moves into "function"' });
    }
    const lost = reportLostToolFields({ tool, index, provider: 'OpenAI Chat Completions', place: 'a Chat Completions tool' });
    warnings.push(...lost.warnings);
    changes.push(...lost.changes);
    let parameters: Record<string, unknown> = tool.inputSchema;
    let sentStrict: boolean | undefined;
    if (strict) {
      const strictSchema = prepareStrictParameters({
        schema: parameters,
        toolName: tool.name,
        inputPath: `[${index}].inputSchema`,
        outputPath: `[${index}].function.parameters`,
      });
      parameters = strictSchema.parameters;
      sentStrict = strictSchema.strict;
      warnings.push(...strictSchema.warnings);
      changes.push(...strictSchema.changes, {
        kind: 'added',
        to: `[${index}].function.strict`,
        note: sentStrict ? 'strict mode asked for' : 'false: strict mode cannot express this schema (see the warning)',
      });
      if (sentStrict) strictSchemas[name] = tool.inputSchema;
    }
    return {
      type: 'function',
      function: {
        name,
        ...(tool.description !== undefined ? { description: tool.description } : {}),
        parameters,
        ...(sentStrict === undefined ? {} : { strict: sentStrict }),
      },
    };
  });
  return { result: { tools: converted, nameMap: names.result.nameMap, ...(strict ? { strictSchemas } : {}) }, warnings, changes };
}
