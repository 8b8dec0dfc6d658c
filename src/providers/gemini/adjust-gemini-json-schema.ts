import type { FieldChange, Warning } from '../../trace/index.ts';
import { isPlainObject } from '../is-plain-object.ts';
import { boundRecursion, describeDepthCut } from '../../trace/index.ts';
import { flattenRootUnion, keepRefAlone, type StrictContext } from '../schema-shape-fixes.ts';

type Schema = Record<string, unknown>;

/**
 * The JSON Schema keywords Gemini documents for `parametersJsonSchema` and
 * `responseJsonSchema` (its structured output guide). Anything else is not part of the
 * subset it supports: it is removed, so the request is not refused, and reported, because
 * it is a rule the model no longer sees.
 */
const SUPPORTED = new Set([
  '$id',
  '$defs',
  '$ref',
  '$anchor',
  'type',
  'format',
  'title',
  'description',
  'enum',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'anyOf',
  'properties',
  'additionalProperties',
  'required',
  'propertyOrdering',
]);

/** Keywords whose value is itself a schema, or a list or map of schemas, so the walk goes inside. */
const SCHEMA_VALUED = new Set(['items', 'additionalProperties']);
const SCHEMA_LISTS = new Set(['prefixItems', 'anyOf']);
const SCHEMA_MAPS = new Set(['properties', '$defs']);

/** A keyword outside Gemini's subset is removed: the model no longer sees that rule, so it is said. */
function reportDroppedKeyword({
  key,
  from,
  toolName,
  warnings,
  changes,
}: {
  key: string;
  from: string;
  toolName: string;
  warnings: Warning[];
  changes: FieldChange[];
}): void {
  warnings.push({
    code: 'gemini-keyword-dropped',
    message: `Gemini's JSON Schema subset has no "${key}": it is removed from "${toolName}", so the model no longer sees that rule.`,
    path: `tools${from}.${key}`,
  });
  changes.push({ kind: 'dropped', from: `${from}.${key}`, note: `"${key}" is outside Gemini's JSON Schema subset` });
}

/** The walk over one tool's schema: each node rewritten into Gemini's subset, each rewrite said in the warnings and changes. */
function createGeminiSchemaWalk({ toolName, warnings, changes }: { toolName: string; warnings: Warning[]; changes: FieldChange[] }) {
  const gemini = (from: string, at: string): StrictContext => ({ from, at, warnings, changes, who: 'Gemini', codePrefix: 'gemini' });

  // The schema is the server's: the walk stops at the one nesting bound instead of running out of stack.
  const visit = boundRecursion({
    visit: visitNode,
    cut: (node: Schema, from: string): Schema => {
      warnings.push(describeDepthCut(`tools${from}`));
      return node;
    },
  });
  // Each level of a hostile schema costs this walk stack: with a frame between the bound and
  // this function, and map's callback, Node 22 and 24 ran out of it before the nesting bound
  // (1,000 levels) stopped the walk. So a declaration the bound calls, and plain loops.
  function visitNode(input: Schema, from: string, at: string): Schema {
    // Gemini reads a $ref alone, as Draft 7 does: its siblings would be silently ignored.
    const node = keepRefAlone(input, gemini(from, at));
    const copy: Schema = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'oneOf' && Array.isArray(value) && node.anyOf === undefined) {
        const branches: unknown[] = [];
        for (const [index, branch] of value.entries())
          branches.push(isPlainObject(branch) ? visit(branch, `${from}.oneOf[${index}]`, `${at}.anyOf[${index}]`) : branch);
        copy.anyOf = branches;
        warnings.push({
          code: 'gemini-one-of',
          message: `Gemini has no "oneOf": in "${toolName}" it is sent as "anyOf", which also accepts a value matching more than one branch.`,
          path: `tools${from}.oneOf`,
        });
        changes.push({ kind: 'renamed', from: `${from}.oneOf`, to: `${at}.anyOf`, note: 'oneOf is sent as anyOf' });
        continue;
      }
      if (key === 'const' && node.enum === undefined) {
        copy.enum = [value];
        warnings.push({
          code: 'gemini-const',
          message: `Gemini has no "const": in "${toolName}" it is sent as an "enum" with one value, which means the same.`,
          path: `tools${from}.const`,
        });
        changes.push({ kind: 'renamed', from: `${from}.const`, to: `${at}.enum`, note: 'const becomes a one-value enum' });
        continue;
      }
      if (!SUPPORTED.has(key)) {
        reportDroppedKeyword({ key, from, toolName, warnings, changes });
        continue;
      }
      if (SCHEMA_VALUED.has(key) && isPlainObject(value)) {
        copy[key] = visit(value, `${from}.${key}`, `${at}.${key}`);
      } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
        const branches: unknown[] = [];
        for (const [index, branch] of value.entries())
          branches.push(isPlainObject(branch) ? visit(branch, `${from}.${key}[${index}]`, `${at}.${key}[${index}]`) : branch);
        copy[key] = branches;
      } else if (SCHEMA_MAPS.has(key) && isPlainObject(value)) {
        // The keys here are property or definition names, not keywords: only their values are schemas.
        const children: Schema = {};
        for (const [name, child] of Object.entries(value)) {
          // Defined, not assigned: a property a server names `__proto__` stays a property.
          const adjusted = isPlainObject(child) ? visit(child, `${from}.${key}.${name}`, `${at}.${key}.${name}`) : child;
          Object.defineProperty(children, name, { value: adjusted, enumerable: true, writable: true, configurable: true });
        }
        copy[key] = children;
      } else {
        copy[key] = value;
      }
    }
    return copy;
  }

  return { visit, gemini };
}

/**
 * Rewrites a JSON Schema into the subset Gemini accepts: a root `anyOf`/`oneOf` merges into
 * one object, a `$ref` stands alone, `oneOf` is sent as `anyOf`, `const` as a one-value
 * `enum`, and keywords outside the subset are removed, each with a warning. `inputPath` and `outputPath` say where the schema sits in the translation's
 * input and output (e.g. `[0].inputSchema` and `[0].functionDeclarations[0].parametersJsonSchema`).
 */
export function adjustGeminiJsonSchema({
  schema,
  inputPath,
  outputPath,
  toolName,
}: {
  schema: Schema;
  inputPath: string;
  outputPath: string;
  toolName: string;
}): { result: Schema; warnings: Warning[]; changes: FieldChange[] } {
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];

  const { visit, gemini } = createGeminiSchemaWalk({ toolName, warnings, changes });

  // A function's parameters are one object; a root union is merged into one, said so.
  const root = flattenRootUnion(schema, gemini(inputPath, outputPath));
  return { result: visit(root, inputPath, outputPath), warnings, changes };
}
