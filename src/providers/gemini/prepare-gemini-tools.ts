import type { FieldChange, Warning } from '../../trace/index.ts';
import { reportLostToolFields } from '../lost-tool-fields.ts';
import { GEMINI_NAME_RULE, sanitizeToolNames } from '../tool-names.ts';
import type { McpTool, PreparedTools } from '../types.ts';
import { adjustGeminiJsonSchema } from './adjust-gemini-json-schema.ts';

export type GeminiFunctionDeclaration = {
  name: string;
  description?: string;
  parametersJsonSchema: Record<string, unknown>;
  responseJsonSchema?: Record<string, unknown>;
};

export type GeminiTool = { functionDeclarations: GeminiFunctionDeclaration[] };

/**
 * Translation #1 for Gemini: all MCP tools become function declarations inside one
 * `{ functionDeclarations: [...] }` tool. `inputSchema` goes to `parametersJsonSchema`
 * (plain JSON Schema, unlike the older OpenAPI-style `parameters`), and `outputSchema`
 * to `responseJsonSchema`, as Google's own SDK does for MCP tools. Keywords outside
 * Gemini's JSON Schema subset are removed, and reported.
 */
export function prepareGeminiTools({ tools }: { tools: McpTool[]; strict?: boolean }): PreparedTools<GeminiTool[]> {
  const names = sanitizeToolNames({ names: tools.map((tool) => tool.name), rule: GEMINI_NAME_RULE });
  const warnings: Warning[] = [...names.warnings];
  const changes: FieldChange[] = [];
  const declarations = tools.map((tool, index): GeminiFunctionDeclaration => {
    const name = names.result.providerNames[index]!;
    const at = `[0].functionDeclarations[${index}]`;
    changes.push(
      name === tool.name
        ? { kind: 'moved', from: `[${index}].name`, to: `${at}.name`, note: 'every tool becomes a function declaration in one Gemini tool' }
        : { kind: 'renamed', from: `[${index}].name`, to: `${at}.name`, note: `renamed to "${name}", a name Gemini accepts` },
      { kind: 'renamed', from: `[${index}].inputSchema`, to: `${at}.parametersJsonSchema`, note: 'inputSchema is called parametersJsonSchema here' },
    );
    if (tool.description !== undefined) {
      changes.push({ kind: 'moved', from: `[${index}].description`, to: `${at}.description`, note: 'the description moves into the declaration' });
    }
    // Gemini has a place for the output schema, so only the other fields are lost.
    const lost = reportLostToolFields({ tool, index, provider: 'Gemini', place: 'a Gemini function declaration', keeps: ['outputSchema'] });
    warnings.push(...lost.warnings);
    changes.push(...lost.changes);
    const parameters = adjustGeminiJsonSchema({
      schema: tool.inputSchema,
      inputPath: `[${index}].inputSchema`,
      outputPath: `${at}.parametersJsonSchema`,
      toolName: tool.name,
    });
    warnings.push(...parameters.warnings);
    changes.push(...parameters.changes);
    let responseJsonSchema: Record<string, unknown> | undefined;
    if (tool.outputSchema !== undefined) {
      const response = adjustGeminiJsonSchema({
        schema: tool.outputSchema,
        inputPath: `[${index}].outputSchema`,
        outputPath: `${at}.responseJsonSchema`,
        toolName: tool.name,
      });
      responseJsonSchema = response.result;
      warnings.push(...response.warnings);
      changes.push(
        { kind: 'renamed', from: `[${index}].outputSchema`, to: `${at}.responseJsonSchema`, note: 'Gemini can describe what a function returns' },
        ...response.changes,
      );
    }
    return {
      name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      parametersJsonSchema: parameters.result,
      ...(responseJsonSchema !== undefined ? { responseJsonSchema } : {}),
    };
  });
  if (tools.length > 0) changes.push({ kind: 'added', to: '[0].functionDeclarations', note: 'Gemini groups every function in one tool' });
  return { result: { tools: tools.length > 0 ? [{ functionDeclarations: declarations }] : [], nameMap: names.result.nameMap }, warnings, changes };
}
