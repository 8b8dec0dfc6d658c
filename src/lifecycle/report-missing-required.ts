import { isPlainObject } from '../providers/index.ts';
import type { McpTool } from '../providers/index.ts';
import type { Warning } from '../trace/index.ts';
import { MAX_NESTING_DEPTH } from '../trace/index.ts';

/**
 * Translation #1's check that each object schema defines what it requires. A property
 * named `__proto__` is the usual way to lose one: JSON.parse keeps it as an own key, but
 * the MCP client's validation copies objects by assignment, where `__proto__` sets the
 * prototype instead, so the property is gone while `required` still names it. The model
 * then never learns the field, and a provider may reject the schema; the learner is told.
 */
export function reportMissingRequired(tools: readonly McpTool[]): Warning[] {
  const warnings: Warning[] = [];
  tools.forEach((tool, index) => {
    // A stack, not recursion: the schema is the server's, and as deep as it likes (up to the recorder's bound).
    const pending: { schema: unknown; path: string; depth: number }[] = [{ schema: tool.inputSchema, path: `tools[${index}].inputSchema`, depth: 0 }];
    for (let next = pending.pop(); next; next = pending.pop()) {
      const { schema, path, depth } = next;
      if (!isPlainObject(schema) || depth > MAX_NESTING_DEPTH) continue;
      const properties = isPlainObject(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required : [];
      for (const name of required) {
        if (typeof name !== 'string' || Object.hasOwn(properties, name)) continue;
        warnings.push({ code: 'required-property-missing', message: describeMissing(tool.name, name), path: `${path}.required` });
      }
      for (const [key, value] of Object.entries(properties)) pending.push({ schema: value, path: `${path}.properties.${key}`, depth: depth + 1 });
      if (isPlainObject(schema.items)) pending.push({ schema: schema.items, path: `${path}.items`, depth: depth + 1 });
    }
  });
  return warnings;
}

function describeMissing(tool: string, name: string): string {
  if (name === '__proto__') {
    return `"${tool}" requires a property named "__proto__", which did not survive: that name is every JavaScript object's prototype, and the MCP client's validation dropped the property while "required" still names it. The model is not told about it; rename it on the server.`;
  }
  return `"${tool}" requires "${name}", which its schema does not define: the model is not told what it is, and a provider may reject the schema.`;
}
