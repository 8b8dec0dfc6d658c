import type { FieldChange } from '../../trace/index.ts';
import { restoreCalledToolName } from '../restore-called-tool-name.ts';
import type { McpCallPlan, ProviderToolCall, ToolNameMap, Translated } from '../types.ts';
import { isPlainObject } from '../is-plain-object.ts';

/** A `tool_use` content block as Anthropic writes it. */
export type AnthropicToolUseBlock = { type: 'tool_use'; id: string; name: string; input: unknown };

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `an array: ${JSON.stringify(value)}`;
  if (value === null) return 'null';
  return `${typeof value} ${JSON.stringify(value)}`;
}

/**
 * Translation #2 for Anthropic Messages: `input` is already an object, so there is
 * nothing to parse; the host still checks it is one, because a model (or a proxy in
 * between) can send anything, and a wrong shape is a host error for the model to read.
 */
export function convertAnthropicToolCall({ call, nameMap }: { call: ProviderToolCall; nameMap: ToolNameMap }): Translated<McpCallPlan> {
  const { result: name, warnings, changes: nameChanges } = restoreCalledToolName({ name: call.name, nameMap, path: 'name' });
  const changes: FieldChange[] = [
    ...nameChanges,
    { kind: 'dropped', from: 'id', note: 'MCP has its own JSON-RPC id; the tool_use id stays with the host for translation #3' },
    { kind: 'dropped', from: 'type', note: 'MCP calls are always tools' },
  ];
  if (isPlainObject(call.raw) && call.raw.caller !== undefined) {
    changes.push({ kind: 'dropped', from: 'caller', note: 'who called the tool (direct or code execution) has no place in MCP' });
  }
  if (!isPlainObject(call.arguments)) {
    return {
      result: {
        ok: false,
        error: `The input of ${call.name} must be a JSON object, as Anthropic's tool_use.input is, but it was ${describeValue(call.arguments)}.`,
      },
      warnings,
      changes,
    };
  }
  changes.push({ kind: 'renamed', from: 'input', to: 'arguments', note: 'already an object: only the name changes' });
  return { result: { ok: true, params: { name, arguments: call.arguments } }, warnings, changes };
}

/** How Anthropic writes a call: a `tool_use` block whose input is an object, not a string. */
export function formatAnthropicToolCall({
  id,
  name,
  arguments: values,
}: {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}): ProviderToolCall & { raw: AnthropicToolUseBlock } {
  const raw: AnthropicToolUseBlock = { type: 'tool_use', id, name, input: values };
  return { id, name, arguments: raw.input, raw };
}
