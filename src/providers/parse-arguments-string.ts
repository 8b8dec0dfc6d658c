import type { FieldChange, Warning } from '../trace/index.ts';
import { isPlainObject } from './is-plain-object.ts';
import type { McpCallPlan, ProviderToolCall, Translated } from './types.ts';

/**
 * Reads tool arguments that a model wrote as a JSON string (the OpenAI formats). What
 * the model wrote may not be JSON, or not an object: that is the model's mistake, told
 * back to it as a tool error, never a crash in the host.
 */
export function parseArgumentsString({
  name,
  text,
  format,
}: {
  name: string;
  text: unknown;
  format: string;
}): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (typeof text !== 'string') {
    return { ok: false, error: `The arguments of ${name} are not a JSON string as ${format} requires.` };
  }
  let parsed: unknown;
  try {
    parsed = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `The arguments for ${name} are not valid JSON (${reason}). Received: ${text}` };
  }
  if (!isPlainObject(parsed)) {
    return { ok: false, error: `The arguments for ${name} must be a JSON object, but were: ${text}` };
  }
  return { ok: true, value: parsed };
}

/**
 * The end of translation #2 for the formats whose arguments are a JSON string: the MCP call
 * with the parsed object, reported at `path` (where the format keeps the string), or the
 * model's mistake as a host error. `name` is the MCP name; errors quote the name the model called.
 */
export function planCallFromArgumentsString({
  call,
  name,
  format,
  path,
}: {
  call: ProviderToolCall;
  name: string;
  format: string;
  path: string;
}): Translated<McpCallPlan> {
  const parsed = parseArgumentsString({ name: call.name, text: call.arguments, format });
  if (!parsed.ok) return { result: { ok: false, error: parsed.error }, warnings: [], changes: [] };
  const warning: Warning = { code: 'arguments-parsed', message: 'The arguments arrived as a JSON string; MCP wants an object, so the host parsed it.', path };
  const change: FieldChange = { kind: 'retyped', from: path, to: 'arguments', note: 'a JSON string becomes an object' };
  return { result: { ok: true, params: { name, arguments: parsed.value } }, warnings: [warning], changes: [change] };
}
