import type { FieldChange, Warning } from '../../trace/index.ts';
import { reportLostToolFields } from '../lost-tool-fields.ts';
import type { McpTool, PreparedTools, ToolNameMap } from '../types.ts';
import { isPlainObject } from '../is-plain-object.ts';

export type OllamaTool = {
  type: 'function';
  function: { name: string; description?: string; parameters: Record<string, unknown> };
};

/**
 * The fields Ollama's server reads from a tool's parameters (its api.ToolFunction type)
 * before it writes the tools into the model's prompt template. Other keywords are
 * accepted in the request but never reach the model.
 */
const READ_AT_TOP = new Set(['type', '$defs', 'items', 'required', 'properties']);
const READ_IN_PROPERTY = new Set(['type', 'items', 'description', 'enum', 'anyOf', 'properties', 'required']);

/** Keywords of the schema that Ollama's tool structure has no field for, with their paths. */
function findUnreadKeywords(schema: Record<string, unknown>, path: string): string[] {
  const unread = Object.keys(schema)
    .filter((key) => !READ_AT_TOP.has(key))
    .map((key) => `${path}.${key}`);
  const properties = schema.properties;
  if (!isPlainObject(properties)) return unread;
  for (const [name, property] of Object.entries(properties)) {
    if (!isPlainObject(property)) continue;
    unread.push(
      ...Object.keys(property)
        .filter((key) => !READ_IN_PROPERTY.has(key))
        .map((key) => `${path}.properties.${name}.${key}`),
    );
  }
  return unread;
}

/**
 * Translation #1 for Ollama `/api/chat`: the same `{ type: "function", function: { name,
 * description, parameters } }` as OpenAI Chat Completions. Ollama accepts any tool name
 * and does not enforce the schema: the model only reads it in its prompt, and only the
 * fields Ollama's tool structure keeps. Those it drops are reported here, not removed.
 */
export function prepareOllamaTools({ tools }: { tools: McpTool[]; strict?: boolean }): PreparedTools<OllamaTool[]> {
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];
  const nameMap: ToolNameMap = {};
  const converted = tools.map((tool, index): OllamaTool => {
    nameMap[tool.name] = tool.name;
    changes.push(
      { kind: 'added', to: `[${index}].type`, note: 'every tool is wrapped as a "function"' },
      { kind: 'moved', from: `[${index}].name`, to: `[${index}].function.name`, note: 'the name moves into "function"; Ollama accepts any name' },
      { kind: 'renamed', from: `[${index}].inputSchema`, to: `[${index}].function.parameters`, note: 'inputSchema is called parameters here' },
    );
    if (tool.description !== undefined) {
      changes.push({ kind: 'moved', from: `[${index}].description`, to: `[${index}].function.description`, note: 'the description moves into "function"' });
    }
    const lost = reportLostToolFields({ tool, index, provider: 'Ollama', place: 'an Ollama tool' });
    warnings.push(...lost.warnings);
    changes.push(...lost.changes);
    const parameters = tool.inputSchema;
    for (const path of findUnreadKeywords(parameters, `tools[${index}].inputSchema`)) {
      const keyword = path.slice(path.lastIndexOf('.') + 1);
      warnings.push({
        code: 'ollama-keyword-unread',
        message: `Ollama's tool structure has no field for "${keyword}": it is sent, but Ollama leaves it out of what the model reads about "${tool.name}", so the model never sees that rule.`,
        path,
      });
    }
    return {
      type: 'function',
      function: { name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}), parameters },
    };
  });
  return { result: { tools: converted, nameMap }, warnings, changes };
}
