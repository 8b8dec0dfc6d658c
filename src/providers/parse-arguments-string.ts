import { isPlainObject } from './is-plain-object.ts';

/**
 * Reads tool arguments that a model wrote as a JSON string (the OpenAI formats). What
 * the model wrote may not be JSON, or not an object: that is the model's mistake, told
 * back to it as a tool error, never a crash in the host.
 */
export function parseArgumentsString({ name, text, format }: { name: string; text: unknown; format: string }):
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; error: string } {
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
