import type { FieldChange, Warning } from '../trace/index.ts';
import { isPlainObject } from './is-plain-object.ts';

export type Schema = Record<string, unknown>;

/** The node without one keyword. */
export function omitKeyword(node: Schema, keyword: string): Schema {
  return Object.fromEntries(Object.entries(node).filter(([key]) => key !== keyword));
}

/**
 * Where a node sits: `from` in the MCP schema, `at` in the schema sent; reports go to the
 * shared lists, worded for the provider (`who`: "Strict mode", "Gemini") with its code prefix.
 */
export type StrictContext = { from: string; at: string; warnings: Warning[]; changes: FieldChange[]; who?: string; codePrefix?: string };

const whoOf = (context: StrictContext) => context.who ?? 'Strict mode';
const codeOf = (context: StrictContext, code: string) => `${context.codePrefix ?? 'strict'}-${code}`;

/** Keywords that only annotate, which may sit beside a `$ref` (the SDK's rule, from Draft 7). */
const ANNOTATIONS = new Set(['$comment', 'default', 'description', 'examples', 'readOnly', 'title', 'writeOnly']);

/** The items every value may be, for an array that gave none: strict mode wants a schema with a type. */
const ANY_SCALAR_ITEMS = { type: ['string', 'number', 'boolean', 'null'] };

/**
 * `allOf` is not accepted: branches that are objects merge into the node (their properties,
 * their required lists); any other branch cannot be merged and is dropped, said so.
 */
export function mergeAllOf(node: Schema, context: StrictContext): Schema {
  const branches = node.allOf;
  if (!Array.isArray(branches)) return node;
  const merged = omitKeyword(node, 'allOf');
  const properties: Record<string, unknown> = isPlainObject(merged.properties) ? { ...merged.properties } : {};
  const required = new Set<unknown>(Array.isArray(merged.required) ? merged.required : []);
  branches.forEach((branch, index) => {
    if (!isPlainObject(branch) || !(branch.type === 'object' || isPlainObject(branch.properties))) {
      context.warnings.push({
        code: 'strict-all-of-dropped',
        message: `Strict mode has no "allOf": branch ${index} is not an object the host can merge, so it is left out and the model no longer sees it.`,
        path: `tools${context.from}.allOf[${index}]`,
      });
      return;
    }
    Object.assign(properties, isPlainObject(branch.properties) ? branch.properties : {});
    for (const name of Array.isArray(branch.required) ? branch.required : []) required.add(name);
  });
  context.warnings.push({
    code: 'strict-all-of-merged',
    message: 'Strict mode has no "allOf": its object branches are merged into one object with all their properties.',
    path: `tools${context.from}.allOf`,
  });
  context.changes.push({ kind: 'moved', from: `${context.from}.allOf`, to: `${context.at}.properties`, note: 'allOf branches merged into one object' });
  return { ...merged, type: 'object', properties, required: [...required] };
}

/**
 * A root `anyOf`/`oneOf` is not accepted (the root must be one object): the object branches
 * merge into one object whose properties all become optional (then nullable), which allows
 * more than any one branch did, said so.
 */
export function flattenRootUnion(schema: Schema, context: StrictContext): Schema {
  const key = Array.isArray(schema.anyOf) ? 'anyOf' : Array.isArray(schema.oneOf) ? 'oneOf' : undefined;
  if (!key) return schema;
  const branches = schema[key];
  const rest = omitKeyword(schema, key);
  const properties: Record<string, unknown> = isPlainObject(rest.properties) ? { ...rest.properties } : {};
  for (const branch of Array.isArray(branches) ? branches : []) {
    if (isPlainObject(branch) && isPlainObject(branch.properties)) Object.assign(properties, branch.properties);
  }
  context.warnings.push({
    code: codeOf(context, 'root-union'),
    message: `${whoOf(context)} needs one object at the root, not "${key}": the branches are merged into one object whose properties are all optional, and the model no longer sees that only one branch applies.`,
    path: `tools${context.from}.${key}`,
  });
  context.changes.push({ kind: 'moved', from: `${context.from}.${key}`, to: `${context.at}.properties`, note: `root ${key} merged into one object` });
  return { ...rest, type: 'object', properties, required: Array.isArray(rest.required) ? rest.required : [] };
}

/** A `$ref` with sibling keywords other than annotations: strict mode reads only the `$ref`, so the siblings go, said so. */
export function keepRefAlone(node: Schema, context: StrictContext): Schema {
  if (typeof node.$ref !== 'string') return node;
  const dropped = Object.keys(node).filter((key) => key !== '$ref' && !ANNOTATIONS.has(key));
  if (dropped.length === 0) return node;
  context.warnings.push({
    code: codeOf(context, 'ref-siblings'),
    message: `${whoOf(context)} reads a "$ref" alone: ${dropped.map((key) => `"${key}"`).join(', ')} beside it are left out.`,
    path: `tools${context.from}.$ref`,
  });
  for (const key of dropped)
    context.changes.push({ kind: 'dropped', from: `${context.from}.${key}`, note: `a sibling of $ref, which ${whoOf(context)} does not read` });
  return Object.fromEntries(Object.entries(node).filter(([key]) => !dropped.includes(key)));
}

/** Arrays: tuple-form items become one anyOf item schema; an array without items gets scalar items. Both said so. */
export function fixArrayItems(node: Schema, context: StrictContext): Schema {
  const isArray = node.type === 'array' || (Array.isArray(node.type) && node.type.includes('array'));
  if (Array.isArray(node.items)) {
    context.warnings.push({
      code: 'strict-tuple-items',
      message: 'Strict mode has one schema for every item, not a tuple: the item schemas become one "anyOf", so their order is no longer kept.',
      path: `tools${context.from}.items`,
    });
    context.changes.push({ kind: 'retyped', from: `${context.from}.items`, to: `${context.at}.items.anyOf`, note: 'tuple items become one anyOf' });
    return { ...node, items: { anyOf: node.items } };
  }
  if (isArray && node.items === undefined) {
    context.warnings.push({
      code: 'strict-array-items',
      message: 'Strict mode needs "items" for every array: the host allows strings, numbers, booleans and null, since the schema said nothing.',
      path: `tools${context.from}`,
    });
    context.changes.push({ kind: 'added', to: `${context.at}.items`, note: 'strict mode needs items' });
    return { ...node, items: ANY_SCALAR_ITEMS };
  }
  return node;
}
