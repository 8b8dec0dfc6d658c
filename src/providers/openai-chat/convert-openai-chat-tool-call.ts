import type { FieldChange, Warning } from '../../trace/trace.ts';
import { restoreToolName } from '../tool-names.ts';
import type { McpCallPlan, ProviderToolCall, ToolNameMap, Translated } from '../types.ts';
import { parseArgumentsString } from '../parse-arguments-string.ts';

/**
 * Translation #2 for Chat Completions: `function.arguments` is a JSON string written
 * by the model, so it is parsed here; a string that is not a JSON object becomes a
 * host error for the model to read, not a crash.
 */
export function convertOpenAiChatToolCall({ call, nameMap }: { call: ProviderToolCall; nameMap: ToolNameMap }): Translated<McpCallPlan> {
  const warnings: Warning[] = [];
  const name = restoreToolName({ name: call.name, nameMap }) ?? call.name;
  const changes: FieldChange[] = [
    name === call.name
      ? { kind: 'moved', from: 'function.name', to: 'name', note: 'the name comes out of "function"' }
      : { kind: 'renamed', from: 'function.name', to: 'name', note: `mapped back to the MCP name "${name}"` },
    { kind: 'dropped', from: 'id', note: 'MCP has its own JSON-RPC id; the call id stays with the host for translation #3' },
    { kind: 'dropped', from: 'type', note: 'MCP calls are always tools' },
  ];
  if (name !== call.name) {
    warnings.push({ code: 'tool-name-restored', message: `The model called "${call.name}"; the MCP tool is "${name}".`, path: 'function.name' });
  }
  const parsed = parseArgumentsString({ name: call.name, text: call.arguments, format: 'Chat Completions' });
  if (!parsed.ok) return { result: { ok: false, error: parsed.error }, warnings, changes };
  warnings.push({ code: 'arguments-parsed', message: 'The arguments arrived as a JSON string; MCP wants an object, so the host parsed it.', path: 'function.arguments' });
  changes.push({ kind: 'retyped', from: 'function.arguments', to: 'arguments', note: 'a JSON string becomes an object' });
  return { result: { ok: true, params: { name, arguments: parsed.value } }, warnings, changes };
}

/** How Chat Completions writes a call: arguments as a JSON string. */
export function formatOpenAiChatToolCall({ id, name, arguments: values }: { id: string; name: string; arguments: Record<string, unknown> }): ProviderToolCall {
  const raw = { id, type: 'function', function: { name, arguments: JSON.stringify(values) } };
  return { id, name, arguments: raw.function.arguments, raw };
}
