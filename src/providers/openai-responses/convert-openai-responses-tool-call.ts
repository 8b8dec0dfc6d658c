import type { FieldChange } from '../../trace/index.ts';
import { isPlainObject } from '../is-plain-object.ts';
import { planCallFromArgumentsString } from '../parse-arguments-string.ts';
import { restoreCalledToolName } from '../restore-called-tool-name.ts';
import type { McpCallPlan, ProviderToolCall, ToolNameMap, Translated } from '../types.ts';

/** An output item `{ type: "function_call", call_id, name, arguments }` (the SDK's ResponseFunctionToolCall). */
export type OpenAiResponsesFunctionCall = {
  type: 'function_call';
  call_id: string;
  name: string;
  arguments: string;
  id?: string;
  status?: 'in_progress' | 'completed' | 'incomplete';
};

/**
 * Translation #2 for the Responses API: the output item's `arguments` is a JSON string,
 * parsed here; a string that is not a JSON object becomes a host error for the model to
 * read, not a crash. `call_id` stays with the host: the output item of translation #3 needs it.
 */
export function convertOpenAiResponsesToolCall({ call, nameMap }: { call: ProviderToolCall; nameMap: ToolNameMap }): Translated<McpCallPlan> {
  const changes: FieldChange[] = [
    { kind: 'dropped', from: 'type', note: 'MCP calls are always tools' },
    { kind: 'dropped', from: 'call_id', note: 'MCP has its own JSON-RPC id; the call_id stays with the host for translation #3' },
  ];
  const raw = isPlainObject(call.raw) ? call.raw : {};
  if (raw.id !== undefined) changes.push({ kind: 'dropped', from: 'id', note: "the output item's own id; the host echoes the item back as it came" });
  if (raw.status !== undefined) changes.push({ kind: 'dropped', from: 'status', note: 'the item status means nothing to MCP' });
  const name = restoreCalledToolName({ name: call.name, nameMap, path: 'name' });
  const plan = planCallFromArgumentsString({ call, name: name.result, format: 'the Responses API', path: 'arguments' });
  return { result: plan.result, warnings: [...name.warnings, ...plan.warnings], changes: [...changes, ...name.changes, ...plan.changes] };
}

/** How the Responses API writes a call: a `function_call` output item, arguments as a JSON string. */
export function formatOpenAiResponsesToolCall({
  id,
  name,
  arguments: values,
}: {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}): ProviderToolCall & { raw: OpenAiResponsesFunctionCall } {
  const raw: OpenAiResponsesFunctionCall = { type: 'function_call', call_id: id, name, arguments: JSON.stringify(values) };
  return { id, name, arguments: raw.arguments, raw };
}
