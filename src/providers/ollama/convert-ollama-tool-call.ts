import { restoreCalledToolName } from '../restore-called-tool-name.ts';
import type { McpCallPlan, ProviderToolCall, ToolNameMap, Translated } from '../types.ts';
import { isPlainObject } from '../is-plain-object.ts';

function readField(raw: unknown, path: 'id' | 'index'): unknown {
  if (!isPlainObject(raw)) return undefined;
  if (path === 'id') return raw.id;
  return isPlainObject(raw.function) ? raw.function.index : undefined;
}

/**
 * Translation #2 for Ollama: `{ id?, function: { index?, name, arguments } }`. Unlike
 * Chat Completions, `arguments` is already an object; anything else in its place is
 * told back to the model as a tool error, never a crash. Older Ollama versions send
 * no id and no index.
 */
export function convertOllamaToolCall({ call, nameMap }: { call: ProviderToolCall; nameMap: ToolNameMap }): Translated<McpCallPlan> {
  const { result: name, warnings, changes } = restoreCalledToolName({ name: call.name, nameMap, path: 'function.name' });
  if (readField(call.raw, 'id') !== undefined) {
    changes.push({ kind: 'dropped', from: 'id', note: 'MCP has its own JSON-RPC id; the call id stays with the host for translation #3' });
  }
  if (readField(call.raw, 'index') !== undefined) {
    changes.push({ kind: 'dropped', from: 'function.index', note: 'the position of the call in the reply; MCP calls stand alone' });
  }
  if (!isPlainObject(call.arguments)) {
    return {
      result: {
        ok: false,
        error: `The arguments for ${call.name} must be an object in "function.arguments", as Ollama sends them, but were: ${JSON.stringify(call.arguments) ?? 'missing'}`,
      },
      warnings,
      changes,
    };
  }
  changes.push({ kind: 'moved', from: 'function.arguments', to: 'arguments', note: 'already an object, as MCP wants' });
  return { result: { ok: true, params: { name, arguments: call.arguments } }, warnings, changes };
}

/** How Ollama writes a call: `arguments` as an object, with the id and index newer versions add. */
export function formatOllamaToolCall({ id, name, arguments: values }: { id: string; name: string; arguments: Record<string, unknown> }): ProviderToolCall & {
  raw: { id: string; function: { index: number; name: string; arguments: Record<string, unknown> } };
} {
  const raw = { id, function: { index: 0, name, arguments: values } };
  return { id, name, arguments: values, raw };
}
