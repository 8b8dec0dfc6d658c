import { restoreCalledToolName } from '../restore-called-tool-name.ts';
import type { McpCallPlan, ProviderToolCall, ToolNameMap, Translated } from '../types.ts';
import type { GeminiFunctionCallPart } from './gemini-content.ts';
import { isPlainObject } from '../is-plain-object.ts';

/**
 * Translation #2 for Gemini: the model's part `{ functionCall: { id?, name, args } }`.
 * `args` is already an object, so nothing is parsed; anything else in its place is the
 * model's mistake, told back to it as a tool error rather than a crash.
 */
export function convertGeminiToolCall({ call, nameMap }: { call: ProviderToolCall; nameMap: ToolNameMap }): Translated<McpCallPlan> {
  const { result: name, warnings, changes } = restoreCalledToolName({ name: call.name, nameMap, path: 'functionCall.name' });
  if (call.id !== undefined) {
    changes.push({ kind: 'dropped', from: 'functionCall.id', note: 'MCP has its own JSON-RPC id; the call id stays with the host for translation #3' });
  }
  if (call.arguments === undefined) {
    // Gemini leaves `args` out of a call to a function that takes nothing.
    changes.push({ kind: 'added', to: 'arguments', note: 'no args sent: an empty object' });
    return { result: { ok: true, params: { name, arguments: {} } }, warnings, changes };
  }
  if (!isPlainObject(call.arguments)) {
    return {
      result: {
        ok: false,
        error: `The arguments for ${call.name} must be an object in "functionCall.args", as Gemini requires, but were: ${JSON.stringify(call.arguments)}`,
      },
      warnings,
      changes,
    };
  }
  changes.push({ kind: 'renamed', from: 'functionCall.args', to: 'arguments', note: 'args is called arguments in MCP; already an object' });
  return { result: { ok: true, params: { name, arguments: call.arguments } }, warnings, changes };
}

/** How Gemini writes a call: a model part holding `functionCall` with `args` as an object. */
export function formatGeminiToolCall({ id, name, arguments: values }: { id: string; name: string; arguments: Record<string, unknown> }): ProviderToolCall & {
  raw: GeminiFunctionCallPart;
} {
  const raw: GeminiFunctionCallPart = { functionCall: { id, name, args: values } };
  return { id, name, arguments: values, raw };
}
