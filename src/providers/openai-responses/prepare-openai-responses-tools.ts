import type { FieldChange, Warning } from '../../trace/index.ts';
import { reportLostToolFields } from '../lost-tool-fields.ts';
import { prepareStrictParameters } from '../prepare-strict-parameters.ts';
import { OPENAI_NAME_RULE, sanitizeToolNames } from '../tool-names.ts';
import type { McpTool, PreparedTools } from '../types.ts';

/** A Responses function tool (the SDK's FunctionTool): flat, with `strict` always present. */
export type OpenAiResponsesTool = {
  type: 'function';
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
  strict: boolean;
  output_schema?: Record<string, unknown>;
};

const PROVIDER = 'OpenAI Responses';

/**
 * Translation #1 for the Responses API: each MCP tool becomes a flat
 * `{ type: "function", name, description, parameters, strict }`. `strict` is always sent,
 * because Responses rewrites a schema into strict mode itself when `strict` is left out;
 * it is false for a tool whose schema says what strict mode cannot (prepare-strict-parameters.ts).
 * `outputSchema` has a place here (`output_schema`); the other fields with none are reported.
 */
export function prepareOpenAiResponsesTools({ tools, strict = false }: { tools: McpTool[]; strict?: boolean }): PreparedTools<OpenAiResponsesTool[]> {
  const names = sanitizeToolNames({ names: tools.map((tool) => tool.name), rule: OPENAI_NAME_RULE });
  const warnings: Warning[] = [...names.warnings];
  const changes: FieldChange[] = [];
  const strictSchemas: Record<string, McpTool['inputSchema']> = {};
  const converted = tools.map((tool, index): OpenAiResponsesTool => {
    const name = names.result.providerNames[index]!;
    changes.push({ kind: 'added', to: `[${index}].type`, note: 'every tool is a "function"; the fields stay flat beside it' });
    if (name !== tool.name) {
      changes.push({ kind: 'renamed', from: `[${index}].name`, to: `[${index}].name`, note: `renamed to "${name}", a name OpenAI accepts` });
    }
    changes.push({ kind: 'renamed', from: `[${index}].inputSchema`, to: `[${index}].parameters`, note: 'inputSchema is called parameters here' });
    const lost = reportLostToolFields({ tool, index, provider: PROVIDER, place: 'a Responses function tool', keeps: ['outputSchema'] });
    warnings.push(...lost.warnings);
    changes.push(...lost.changes);
    if (tool.outputSchema !== undefined) {
      changes.push({
        kind: 'renamed',
        from: `[${index}].outputSchema`,
        to: `[${index}].output_schema`,
        note: 'output_schema describes the JSON in the string output, which an MCP tool with an outputSchema should also send as text',
      });
    }
    let parameters: Record<string, unknown> = tool.inputSchema;
    let sentStrict = false;
    if (strict) {
      const strictSchema = prepareStrictParameters({
        schema: parameters,
        toolName: tool.name,
        inputPath: `[${index}].inputSchema`,
        outputPath: `[${index}].parameters`,
      });
      parameters = strictSchema.parameters;
      sentStrict = strictSchema.strict;
      warnings.push(...strictSchema.warnings);
      changes.push(...strictSchema.changes);
      if (sentStrict) strictSchemas[name] = tool.inputSchema;
    }
    changes.push({
      kind: 'added',
      to: `[${index}].strict`,
      note: sentStrict
        ? 'strict mode asked for'
        : strict
          ? 'false: strict mode cannot express this schema (see the warning)'
          : 'false, said out loud: left out, Responses would make the schema strict itself',
    });
    return {
      type: 'function',
      name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      parameters,
      strict: sentStrict,
      ...(tool.outputSchema !== undefined ? { output_schema: tool.outputSchema } : {}),
    };
  });
  return { result: { tools: converted, nameMap: names.result.nameMap, ...(strict ? { strictSchemas } : {}) }, warnings, changes };
}
