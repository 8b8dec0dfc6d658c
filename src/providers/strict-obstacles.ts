import { boundRecursion } from '../trace/index.ts';
import { isPlainObject } from './is-plain-object.ts';
import type { Schema } from './schema-shape-fixes.ts';

/**
 * What in a tool's schema strict mode cannot say, so that a model held to the strict copy
 * could write arguments the server refuses, or could not write what the tool needs: an
 * open map would be closed to `{}`, a tuple loses its order, a rule such as `uniqueItems`
 * or `not` is removed and the model no longer sees it. Such a tool is sent without strict
 * mode (translation #1 says so); everything else strict mode rewrites (optional fields
 * become nullable, `oneOf` is read as `anyOf`, object `allOf`s merge) keeps to what the
 * server accepts, once translation #2 takes the nulls back (remove-strict-nulls.ts).
 */

export type StrictObstacle = { path: string; keyword: string; what: string };

/** The keywords strict mode refuses that carry a rule, each with what it says. Those that only annotate are not here. */
const RULES_STRICT_CANNOT_SAY: Record<string, string> = {
  not: 'a value it rules out',
  if: 'a rule that depends on another value',
  then: 'a rule that depends on another value',
  else: 'a rule that depends on another value',
  dependentRequired: 'properties that must come together',
  dependentSchemas: 'properties that must come together',
  dependencies: 'properties that must come together',
  uniqueItems: 'items that must all differ',
  contains: 'an item the array must hold',
  minContains: 'an item the array must hold',
  maxContains: 'an item the array must hold',
  minProperties: 'how many keys the object holds',
  maxProperties: 'how many keys the object holds',
  propertyNames: 'which keys a map may use',
  patternProperties: 'keys named by a pattern, an open map',
  prefixItems: 'a tuple, each position with its own type',
  additionalItems: 'a tuple, each position with its own type',
  unevaluatedItems: 'what the other keywords leave open',
  unevaluatedProperties: 'what the other keywords leave open',
  $dynamicRef: 'a reference resolved at run time',
  $recursiveRef: 'a reference resolved at run time',
};

/** Keywords that may sit beside a `$ref`, as strict mode reads it (the SDK's rule). */
const REF_ANNOTATIONS = new Set(['$ref', '$comment', 'default', 'description', 'examples', 'readOnly', 'title', 'writeOnly']);

function isObjectShaped(node: Schema): boolean {
  const { type } = node;
  return type === 'object' || (Array.isArray(type) && type.includes('object')) || isPlainObject(node.properties) || node.additionalProperties !== undefined;
}

function hasProperties(node: Schema): boolean {
  return isPlainObject(node.properties) && Object.keys(node.properties).length > 0;
}

/** The obstacles of one node alone, not of the schemas inside it. */
function findOwnObstacles(node: Schema, path: string, isRoot: boolean): StrictObstacle[] {
  const found: StrictObstacle[] = [];
  const add = (keyword: string, what: string) => found.push({ path, keyword, what });
  for (const keyword of Object.keys(node)) {
    const what = RULES_STRICT_CANNOT_SAY[keyword];
    // `unevaluatedProperties: false` only closes the object, as strict mode does anyway.
    if (what && !(keyword === 'unevaluatedProperties' && node[keyword] === false)) add(keyword, what);
  }
  if (Array.isArray(node.items)) add('items', 'a tuple, each position with its own type');
  else if (typeof node.items === 'boolean' && node.prefixItems === undefined) add('items', 'an item schema of true or false');
  if (typeof node.$ref === 'string') {
    if (!node.$ref.startsWith('#')) add('$ref', 'a reference outside the schema');
    for (const sibling of Object.keys(node).filter((key) => !REF_ANNOTATIONS.has(key))) add(sibling, 'a rule beside a $ref, which strict mode reads alone');
  }
  if (isRoot && (Array.isArray(node.anyOf) || Array.isArray(node.oneOf)))
    add(Array.isArray(node.anyOf) ? 'anyOf' : 'oneOf', 'a choice between whole sets of arguments');
  for (const branch of Array.isArray(node.allOf) ? node.allOf : []) {
    if (!isPlainObject(branch) || !isObjectShaped(branch)) add('allOf', 'a branch that is not an object to merge');
  }
  if (isObjectShaped(node) && !hasProperties(node)) {
    if (isPlainObject(node.additionalProperties) || node.additionalProperties === true)
      add('additionalProperties', 'an open map, its keys chosen by the caller');
    else if (Array.isArray(node.anyOf) || Array.isArray(node.oneOf)) add('type', 'an object given only by the union inside it');
    else if (!isRoot && node.additionalProperties === undefined) add('properties', 'an object with no properties named, which strict mode would close to {}');
  }
  return found;
}

/** The schemas inside a node that a validator reads, with where each sits. */
function listChildren(node: Schema, path: string): [Schema, string][] {
  const children: [Schema, string][] = [];
  for (const keyword of ['properties', '$defs', 'definitions']) {
    const map = node[keyword];
    if (!isPlainObject(map)) continue;
    for (const [name, child] of Object.entries(map)) if (isPlainObject(child)) children.push([child, `${path}.${keyword}.${name}`]);
  }
  if (isPlainObject(node.items)) children.push([node.items, `${path}.items`]);
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const branches = node[keyword];
    if (!Array.isArray(branches)) continue;
    branches.forEach((branch, index) => {
      if (isPlainObject(branch)) children.push([branch, `${path}.${keyword}[${index}]`]);
    });
  }
  return children;
}

/** Every obstacle in the schema, each where it sits (`[0].inputSchema.properties.point`). `path` is where the schema itself sits. */
export function findStrictObstacles({ schema, path }: { schema: Schema; path: string }): StrictObstacle[] {
  const found: StrictObstacle[] = [];
  // The schema is the server's: past the one nesting bound the conversion says it stopped; nothing more is found here.
  const visit = boundRecursion({
    visit: (node: Schema, at: string, isRoot: boolean): void => {
      found.push(...findOwnObstacles(node, at, isRoot));
      for (const [child, childPath] of listChildren(node, at)) visit(child, childPath, false);
    },
    cut: (): void => {},
  });
  visit(schema, path, true);
  return found;
}
