import type { Warning } from '../../lifecycle/trace.ts';
import { restoreToolName } from '../tool-names.ts';
import type { McpCallPlan, ProviderToolCall, ToolNameMap, Translated } from '../types.ts';

/**
 * Translation #2 for Chat Completions: `function.arguments` is a JSON string written
 * by the model, so it is parsed here; a string that is not a JSON object becomes a
 * host error for the model to read, not a crash.
 */
export function convertOpenAiChatToolCall({ call, nameMap }: { call: ProviderToolCall; nameMap: ToolNameMap }): Translated<McpCallPlan> {
  const warnings: Warning[] = [];
  const name = restoreToolName({ name: call.name, nameMap }) ?? call.name;
  if (name !== call.name) {
    warnings.push({ code: 'tool-name-restored', message: `The model called "${call.name}"; the MCP tool is "${name}".`, path: 'function.name' });
  }
  if (typeof call.arguments !== 'string') {
    return { result: { ok: false, error: `The arguments of ${call.name} are not a JSON string as Chat Completions requires.` }, warnings };
  }
  let parsed: unknown;
  try {
    parsed = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      result: { ok: false, error: `The arguments for ${call.name} are not valid JSON (${reason}). Received: ${call.arguments}` },
      warnings,
    };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return {
      result: { ok: false, error: `The arguments for ${call.name} must be a JSON object, but were: ${call.arguments}` },
      warnings,
    };
  }
  warnings.push({ code: 'arguments-parsed', message: 'The arguments arrived as a JSON string; MCP wants an object, so the host parsed it.', path: 'function.arguments' });
  return { result: { ok: true, params: { name, arguments: parsed as Record<string, unknown> } }, warnings };
}
