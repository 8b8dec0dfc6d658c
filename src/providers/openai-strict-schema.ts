import type { FieldChange, Warning } from '../trace/index.ts';
import { isPlainObject } from './is-plain-object.ts';
import { STRICT_UNSUPPORTED, boundRecursion, describeDepthCut } from '../trace/index.ts';
import { fixArrayItems, flattenRootUnion, keepRefAlone, mergeAllOf, type Schema, type StrictContext } from './schema-shape-fixes.ts';

/** Whether a schema already lets null in, by its own type or as a branch of its union: strict mode then has nothing to add. */
function isNullableAlready(schema: Schema): boolean {
  const { type } = schema;
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  return Array.isArray(schema.anyOf) && schema.anyOf.some((branch) => isPlainObject(branch) && branch.type === 'null');
}

/** Optional becomes nullable: null joins the type (and the enum, which would otherwise refuse it), or the union's branches. */
function makeNullable(schema: Schema): Schema {
  if (isNullableAlready(schema)) return schema;
  const withEnum = Array.isArray(schema.enum) && !schema.enum.includes(null) ? { ...schema, enum: [...schema.enum, null] } : schema;
  const type = withEnum.type;
  if (typeof type === 'string') return { ...withEnum, type: [type, 'null'] };
  if (Array.isArray(type)) return { ...withEnum, type: [...type, 'null'] };
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  return { anyOf: [schema, { type: 'null' }] };
}

function dropUnsupported(node: Schema, context: StrictContext): Schema {
  const copy: Schema = {};
  for (const [key, value] of Object.entries(node)) {
    if (!STRICT_UNSUPPORTED.has(key)) {
      copy[key] = value;
      continue;
    }
    context.warnings.push({
      code: 'strict-keyword-dropped',
      message: `Strict mode does not accept "${key}": it is removed, so the model no longer sees that rule.`,
      path: `tools${context.from}.${key}`,
    });
    context.changes.push({ kind: 'dropped', from: `${context.from}.${key}`, note: `"${key}" is not accepted in strict mode` });
  }
  return copy;
}

/** A `default: null` says nothing once null is allowed (pydantic writes one for each `Optional[...] = None`); the SDK's helper drops it too. */
function dropNullDefault(copy: Schema, context: StrictContext): Schema {
  if (copy.default !== null) return copy;
  context.changes.push({ kind: 'dropped', from: `${context.from}.default`, note: 'a null default, which strict mode has no use for' });
  return Object.fromEntries(Object.entries(copy).filter(([key]) => key !== 'default'));
}

function readOneOfAsAnyOf(copy: Schema, context: StrictContext): Schema {
  if (!Array.isArray(copy.oneOf)) return copy;
  const { oneOf, ...rest } = copy;
  context.warnings.push({
    code: 'strict-one-of',
    message: 'Strict mode has no "oneOf": it is sent as "anyOf", which allows more than one match.',
    path: `tools${context.from}.oneOf`,
  });
  context.changes.push({ kind: 'renamed', from: `${context.from}.oneOf`, to: `${context.at}.anyOf`, note: 'oneOf becomes anyOf in strict mode' });
  return { ...rest, anyOf: oneOf };
}

/** Every object closed, every property required (the optional ones nullable), as strict mode requires. */
function closeObject(copy: Schema, context: StrictContext, visit: (node: Schema, from: string, at: string) => Schema): Schema {
  const { from, at } = context;
  if (!(copy.type === 'object' || isPlainObject(copy.properties))) return copy;
  const required = new Set<unknown>(Array.isArray(copy.required) ? copy.required : []);
  const visited: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(isPlainObject(copy.properties) ? copy.properties : {})) {
    let property = isPlainObject(value) ? visit(value, `${from}.properties.${name}`, `${at}.properties.${name}`) : value;
    if (!required.has(name) && isPlainObject(property)) {
      const nullable = isNullableAlready(property);
      property = makeNullable(property);
      const after = nullable
        ? 'becomes required; it could be null already'
        : 'becomes required but may be null (a null the model writes there is taken out again in translation #2)';
      context.warnings.push({
        code: 'strict-optional-nullable',
        message: `Strict mode requires every property: the optional "${name}" ${after}.`,
        path: `tools${from}.properties.${name}`,
      });
      context.changes.push({
        kind: 'retyped',
        from: `${from}.properties.${name}`,
        to: `${at}.properties.${name}`,
        note: nullable ? 'optional becomes required (already nullable)' : 'optional becomes required and nullable',
      });
    }
    visited[name] = property;
  }
  const closed: Schema = { ...copy, properties: visited, required: Object.keys(visited) };
  if (copy.additionalProperties !== false) {
    if (copy.additionalProperties !== undefined) {
      context.warnings.push({
        code: 'strict-closed-object',
        message: 'Strict mode closes every object: extra properties the schema allowed are no longer accepted.',
        path: `tools${from}.additionalProperties`,
      });
    }
    closed.additionalProperties = false;
    context.changes.push({ kind: 'added', to: `${at}.additionalProperties`, note: 'strict mode closes every object' });
  }
  return closed;
}

/**
 * Rewrites a JSON Schema the way OpenAI strict mode requires, checked against the openai
 * SDK's own helper: one object at the root, every object closed with every property
 * required (optional ones nullable), `oneOf` read as `anyOf`, `allOf` merged, a `$ref`
 * alone, arrays with one item schema, unsupported keywords removed; each change reported.
 * `inputPath` and `outputPath` say where the schema sits in the translation's input and
 * output (e.g. `[0].inputSchema` and `[0].function.parameters`).
 */
export function convertToOpenAiStrictSchema({ schema, inputPath, outputPath }: { schema: Schema; inputPath: string; outputPath: string }): {
  result: Schema;
  warnings: Warning[];
  changes: FieldChange[];
} {
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];
  const contextAt = (from: string, at: string): StrictContext => ({ from, at, warnings, changes });

  // The schema is the server's: the walk stops at the one nesting bound instead of running out of stack.
  const visit = boundRecursion({
    visit: (node: Schema, from: string, at: string): Schema => visitNode(node, from, at),
    cut: (node: Schema, from: string): Schema => {
      warnings.push(describeDepthCut(`tools${from}`));
      return node;
    },
  });
  const visitNode = (node: Schema, from: string, at: string): Schema => {
    const context = contextAt(from, at);
    let copy = keepRefAlone(mergeAllOf(dropNullDefault(dropUnsupported(node, context), context), context), context);
    copy = fixArrayItems(readOneOfAsAnyOf(copy, context), context);
    if (Array.isArray(copy.anyOf)) {
      const source = Array.isArray(node.oneOf) ? 'oneOf' : 'anyOf';
      copy.anyOf = copy.anyOf.map((branch, index) => (isPlainObject(branch) ? visit(branch, `${from}.${source}[${index}]`, `${at}.anyOf[${index}]`) : branch));
    }
    if (isPlainObject(copy.items)) copy.items = visit(copy.items, `${from}.items`, `${at}.items`);
    for (const definitions of ['$defs', 'definitions']) {
      const defined = copy[definitions];
      if (isPlainObject(defined)) {
        copy[definitions] = Object.fromEntries(
          Object.entries(defined).map(([name, value]) => [
            name,
            isPlainObject(value) ? visit(value, `${from}.${definitions}.${name}`, `${at}.${definitions}.${name}`) : value,
          ]),
        );
      }
    }
    return closeObject(copy, context, visit);
  };

  const root = flattenRootUnion(schema, contextAt(inputPath, outputPath));
  return { result: visit(root, inputPath, outputPath), warnings, changes };
}
