/**
 * Reading a server's JSON Schema as a validator would, for the questions the host's
 * translations and the mock model ask of it: where a local `$ref` points, and whether a
 * value may be null. The schema is the server's, so every walk here is bounded: a chain
 * of references that loops, or nests past the bound, answers as if nothing were known.
 */

/** A JSON Schema as received: an object whose keywords are read one by one, each checked before use. */
export type Schema = Record<string, unknown>;

function isPlainObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How many `$ref`s in a row are followed before a chain counts as a loop. */
const MAX_REF_HOPS = 32;
/** How deep `allowsNull` looks through unions and references before it stops guessing. */
const MAX_NULL_DEPTH = 64;

/** The schema a local `$ref` names (`#`, `#/$defs/Name`, any JSON pointer into the root), or undefined. */
export function resolveLocalRef({ ref, root }: { ref: string; root: Schema }): Schema | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let part: string;
    try {
      part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (!isPlainObject(node) || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return isPlainObject(node) ? node : undefined;
}

/** The schema with its chain of local `$ref`s followed; itself when it has none, or when the chain breaks or loops. */
export function followRefs({ schema, root }: { schema: Schema; root: Schema }): Schema {
  let node = schema;
  for (let hop = 0; hop < MAX_REF_HOPS && typeof node.$ref === 'string'; hop++) {
    const target = resolveLocalRef({ ref: node.$ref, root });
    if (!target) return node;
    node = target;
  }
  return node;
}

/**
 * Whether the schema accepts `null`: its type, enum or const names it, a union has a
 * branch that does, or nothing constrains the value at all. A schema that is not an
 * object (`true`) accepts it; `false` accepts nothing.
 */
export function allowsNull({ schema, root, depth = 0 }: { schema: unknown; root: Schema; depth?: number }): boolean {
  if (schema === false) return false;
  if (!isPlainObject(schema)) return true;
  if (depth > MAX_NULL_DEPTH) return false;
  const node = followRefs({ schema, root });
  const next = (branch: unknown) => allowsNull({ schema: branch, root, depth: depth + 1 });
  if ('const' in node) return node.const === null;
  if (Array.isArray(node.enum) && !node.enum.includes(null)) return false;
  const { type } = node;
  if (typeof type === 'string' && type !== 'null') return false;
  if (Array.isArray(type) && !type.includes('null')) return false;
  if (Array.isArray(node.allOf) && !node.allOf.every(next)) return false;
  const union = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
  if (union) return union.some(next);
  return typeof node.$ref !== 'string';
}
