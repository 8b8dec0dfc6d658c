/** A field of a JSON object, or undefined for anything else: payloads are unknown data, read without casts. */
export function readJsonField(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
  const field: unknown = Reflect.get(value, key);
  return field;
}
