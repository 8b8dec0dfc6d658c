import type { FieldChange, Warning } from '../../trace/trace.ts';
import { parseArgumentsString } from '../parse-arguments-string.ts';
import { restoreToolName } from '../tool-names.ts';
import type { McpCallPlan, ProviderToolCall, ToolNameMap, Translated } from '../types.ts';

/** `message.function_call` as the legacy format writes it: one call, no id. */
export type OpenAiFunctionCall = { name: string; arguments: string };

/**
 * Translation #2 for legacy functions: `function_call.arguments` is a JSON string the
 * model wrote, so it is parsed here; a string that is not a JSON object becomes a host
 * error for the model to read, not a crash. There is no call id to carry.
 */
export function convertOpenAiFunctionsToolCall({ call, nameMap }: { call: ProviderToolCall; nameMap: ToolNameMap }): Translated<McpCallPlan> {
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];
  const name = restoreToolName({ name: call.name, nameMap }) ?? call.name;
  if (name !== call.name) {
    changes.push({ kind: 'renamed', from: 'name', to: 'name', note: `mapped back to the MCP name "${name}"` });
    warnings.push({ code: 'tool-name-restored', message: `The model called "${call.name}"; the MCP tool is "${name}".`, path: 'name' });
  }
  const parsed = parseArgumentsString({ name: call.name, text: call.arguments, format: 'the legacy function_call' });
  if (!parsed.ok) return { result: { ok: false, error: parsed.error }, warnings, changes };
  warnings.push({ code: 'arguments-parsed', message: 'The arguments arrived as a JSON string; MCP wants an object, so the host parsed it.', path: 'arguments' });
  changes.push({ kind: 'retyped', from: 'arguments', to: 'arguments', note: 'a JSON string becomes an object' });
  return { result: { ok: true, params: { name, arguments: parsed.value } }, warnings, changes };
}

/** How the legacy format writes a call: `{ name, arguments: "<JSON string>" }`, with no id to give it. */
export function formatOpenAiFunctionsToolCall({ name, arguments: values }: { id: string; name: string; arguments: Record<string, unknown> }): ProviderToolCall & { raw: OpenAiFunctionCall } {
  const raw: OpenAiFunctionCall = { name, arguments: JSON.stringify(values) };
  return { name, arguments: raw.arguments, raw };
}
