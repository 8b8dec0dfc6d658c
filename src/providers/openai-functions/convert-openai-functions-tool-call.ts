import { planCallFromArgumentsString } from '../parse-arguments-string.ts';
import { restoreCalledToolName } from '../restore-called-tool-name.ts';
import type { McpCallPlan, ProviderToolCall, ToolNameMap, Translated } from '../types.ts';

/** `message.function_call` as the legacy format writes it: one call, no id. */
export type OpenAiFunctionCall = { name: string; arguments: string };

/**
 * Translation #2 for legacy functions: `function_call.arguments` is a JSON string the
 * model wrote, so it is parsed here; a string that is not a JSON object becomes a host
 * error for the model to read, not a crash. There is no call id to carry.
 */
export function convertOpenAiFunctionsToolCall({ call, nameMap }: { call: ProviderToolCall; nameMap: ToolNameMap }): Translated<McpCallPlan> {
  const name = restoreCalledToolName({ name: call.name, nameMap, path: 'name' });
  const plan = planCallFromArgumentsString({ call, name: name.result, format: 'the legacy function_call', path: 'arguments' });
  return { result: plan.result, warnings: [...name.warnings, ...plan.warnings], changes: [...name.changes, ...plan.changes] };
}

/** How the legacy format writes a call: `{ name, arguments: "<JSON string>" }`, with no id to give it. */
export function formatOpenAiFunctionsToolCall({
  name,
  arguments: values,
}: {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}): ProviderToolCall & { raw: OpenAiFunctionCall } {
  const raw: OpenAiFunctionCall = { name, arguments: JSON.stringify(values) };
  return { name, arguments: raw.arguments, raw };
}
