import { boundRecursion, allowsNull, followRefs } from '../trace/index.ts';
import { isPlainObject } from './is-plain-object.ts';
import type { Schema } from './schema-shape-fixes.ts';

/**
 * Strict mode makes every optional property required and nullable, so a model held to it
 * writes `null` for each one it does not set. The MCP server never offered null there: an
 * optional field is one to leave out. This walks the arguments beside the MCP schema (the
 * one the server validates with) and leaves out each `null` at a property the schema does
 * not require and does not allow to be null, which is what the model meant by it. A null
 * the server allows (`Optional[int] = None`, `.nullable()`) stays: it may mean something.
 */

/** An object schema read whole: its properties (each with every schema that names it) and what all its branches require. */
type ObjectView = { properties: Map<string, unknown[]>; required: Set<string> };

function addProperties(view: ObjectView, node: Schema): void {
  if (!isPlainObject(node.properties)) return;
  for (const [name, schema] of Object.entries(node.properties)) view.properties.set(name, [...(view.properties.get(name) ?? []), schema]);
}

function readRequired(node: Schema): string[] {
  return Array.isArray(node.required) ? node.required.filter((name): name is string => typeof name === 'string') : [];
}

/** The node's own properties, its allOf branches' (all required), and its union's (required only where every branch requires). */
function readObjectView(node: Schema, root: Schema): ObjectView | undefined {
  const view: ObjectView = { properties: new Map(), required: new Set(readRequired(node)) };
  addProperties(view, node);
  for (const branch of Array.isArray(node.allOf) ? node.allOf : []) {
    if (!isPlainObject(branch)) continue;
    const merged = followRefs({ schema: branch, root });
    addProperties(view, merged);
    for (const name of readRequired(merged)) view.required.add(name);
  }
  const union = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : [];
  // A branch that is no object (the null of `Optional[Model]`) takes no part in what an object must hold.
  const branches = union
    .filter(isPlainObject)
    .map((branch) => followRefs({ schema: branch, root }))
    .filter((branch) => isPlainObject(branch.properties));
  if (branches.length > 0) {
    for (const branch of branches) addProperties(view, branch);
    const everywhere = readRequired(branches[0]!).filter((name) => branches.every((branch) => readRequired(branch).includes(name)));
    for (const name of everywhere) view.required.add(name);
  }
  return view.properties.size > 0 ? view : undefined;
}

/** The schema of an array's items, on the node or on the first branch of its union that has one. */
function readItems(node: Schema, root: Schema): Schema | undefined {
  if (isPlainObject(node.items)) return node.items;
  const union = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : [];
  for (const branch of union) {
    if (!isPlainObject(branch)) continue;
    const followed = followRefs({ schema: branch, root });
    if (isPlainObject(followed.items)) return followed.items;
  }
  return undefined;
}

/**
 * The arguments without the nulls strict mode made the model write, and where each was
 * (`includeImage`, `filter.since`, `items[0].note`). `schema` is the tool's MCP inputSchema.
 */
export function removeStrictNulls({ value, schema }: { value: Record<string, unknown>; schema: Schema }): {
  result: Record<string, unknown>;
  removed: string[];
} {
  const removed: string[] = [];
  const root = schema;
  // The arguments are the model's: the walk stops at the one nesting bound and keeps the rest as it came.
  const visit = boundRecursion({
    visit: (current: unknown, node: Schema, path: string): unknown => visitValue(current, node, path),
    cut: (current: unknown): unknown => current,
  });
  const visitValue = (current: unknown, raw: Schema, path: string): unknown => {
    const node = followRefs({ schema: raw, root });
    if (Array.isArray(current)) {
      const items = readItems(node, root);
      return items ? current.map((item, index) => visit(item, items, `${path}[${index}]`)) : current;
    }
    if (!isPlainObject(current)) return current;
    const view = readObjectView(node, root);
    if (!view) return current;
    const kept: Record<string, unknown> = {};
    for (const [name, child] of Object.entries(current)) {
      const schemas = view.properties.get(name);
      const at = path === '' ? name : `${path}.${name}`;
      if (child === null && schemas && !view.required.has(name) && !schemas.some((entry) => allowsNull({ schema: entry, root }))) {
        removed.push(at);
        continue;
      }
      const childSchema = !schemas ? undefined : schemas.length === 1 && isPlainObject(schemas[0]) ? schemas[0] : { anyOf: schemas };
      // Defined, not assigned: a key named "__proto__" stays a key.
      Object.defineProperty(kept, name, { value: childSchema ? visit(child, childSchema, at) : child, enumerable: true, writable: true, configurable: true });
    }
    return kept;
  };
  const result = visit(value, schema, '');
  return { result: isPlainObject(result) ? result : value, removed };
}
