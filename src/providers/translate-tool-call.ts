import type { Warning } from '../trace/index.ts';
import { removeStrictNulls } from './remove-strict-nulls.ts';
import type { McpCallPlan, ProviderToolCall, ToolSet, Translated, WireAdapter } from './types.ts';

/**
 * Translation #2 whole: the format's own reading of the call (the adapter's), then, for a
 * tool sent in strict mode, the nulls strict mode made the model write where the MCP
 * schema has an optional field that may not be null, left out, each one said.
 */
export function translateToolCall({ adapter, call, toolSet }: { adapter: WireAdapter; call: ProviderToolCall; toolSet: ToolSet }): Translated<McpCallPlan> {
  const plan = adapter.convertToolCall({ call, nameMap: toolSet.nameMap });
  const schema = toolSet.strictSchemas?.[call.name];
  if (!plan.result.ok || !schema) return plan;
  const { result, removed } = removeStrictNulls({ value: plan.result.params.arguments, schema });
  if (removed.length === 0) return plan;
  const listed = removed.map((path) => `"${path}"`).join(', ');
  const warning: Warning = {
    code: 'strict-null-removed',
    message: `Strict mode made every optional field required but nullable, and the model wrote null for ${listed}. The server's schema has ${removed.length === 1 ? 'that field' : 'those fields'} optional but not nullable, so the host leaves ${removed.length === 1 ? 'it' : 'them'} out, as the model meant: not set.`,
    path: 'arguments',
  };
  return {
    result: { ok: true, params: { ...plan.result.params, arguments: result } },
    warnings: [...plan.warnings, warning],
    changes: [
      ...plan.changes,
      ...removed.map((path) => ({
        kind: 'dropped' as const,
        from: `arguments.${path}`,
        note: 'null left out: strict mode made this optional field nullable; the MCP schema does not allow null',
      })),
    ],
  };
}
