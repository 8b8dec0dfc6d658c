import { planCallFromArgumentsString } from '../parse-arguments-string.ts';
import { restoreCalledToolName } from '../restore-called-tool-name.ts';
import type { McpCallPlan, ProviderToolCall, ToolNameMap, Translated } from '../types.ts';

/**
 * Translation #2 for Chat Completions: `function.arguments` is a JSON string written
 * by the model, so it is parsed here; a string that is not a JSON object becomes a
 * host error for the model to read, not a crash.
 */
export function convertOpenAiChatToolCall({ call, nameMap }: { call: ProviderToolCall; nameMap: ToolNameMap }): Translated<McpCallPlan> {
  const name = restoreCalledToolName({ name: call.name, nameMap, path: 'function.name' });
  const plan = planCallFromArgumentsString({ call, name: name.result, format: 'Chat Completions', path: 'function.arguments' });
  return {
    result: plan.result,
    warnings: [...name.warnings, ...plan.warnings],
    changes: [
      ...name.changes,
      { kind: 'dropped', from: 'id', note: 'MCP has its own JSON-RPC id; the call id stays with the host for translation #3' },
      { kind: 'dropped', from: 'type', note: 'MCP calls are always tools' },
      ...plan.changes,
    ],
  };
}

/** How Chat Completions writes a call: arguments as a JSON string. */
export function formatOpenAiChatToolCall({ id, name, arguments: values }: { id: string; name: string; arguments: Record<string, unknown> }): ProviderToolCall {
  const raw = { id, type: 'function', function: { name, arguments: JSON.stringify(values) } };
  return { id, name, arguments: raw.function.arguments, raw };
}
