/**
 * Whether a value is a JSON object: not null, not an array. Received data (a model's
 * arguments, a schema's nested keywords, a provider's raw call) is checked with this one
 * test before its fields are read, so a string or a list in its place is never taken for one.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
