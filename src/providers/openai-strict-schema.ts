import type { FieldChange, Warning } from '../trace/trace.ts';
import { isPlainObject } from './is-plain-object.ts';
import { boundRecursion, describeDepthCut } from '../trace/depth-bound.ts';

type Schema = Record<string, unknown>;

/**
 * Keywords OpenAI's strict mode has refused. Dropping them keeps the call valid; each
 * one dropped is reported, because it is a rule the model no longer sees.
 */
const STRICT_UNSUPPORTED = [
  '$schema',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'minItems',
  'maxItems',
  'uniqueItems',
  'default',
];

function makeNullable(schema: Schema): Schema {
  const type = schema.type;
  if (typeof type === 'string') return type === 'null' ? schema : { ...schema, type: [type, 'null'] };
  if (Array.isArray(type)) return type.includes('null') ? schema : { ...schema, type: [...type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/**
 * Rewrites a JSON Schema the way OpenAI strict mode requires: every object closed
 * (`additionalProperties: false`) with every property required, optional properties
 * made nullable instead, `oneOf` read as `anyOf`, unsupported keywords removed.
 * `inputPath` and `outputPath` say where the schema sits in the translation's input
 * and output (e.g. `[0].inputSchema` and `[0].function.parameters`).
 */
export function convertToOpenAiStrictSchema({ schema, inputPath, outputPath }: { schema: Schema; inputPath: string; outputPath: string }): {
  result: Schema;
  warnings: Warning[];
  changes: FieldChange[];
} {
  const warnings: Warning[] = [];
  const changes: FieldChange[] = [];

  // The schema is the server's: the walk stops at the one nesting bound instead of running out of stack.
  const visit = boundRecursion({
    visit: (node: Schema, from: string, at: string): Schema => visitNode(node, from, at),
    cut: (node: Schema, from: string): Schema => {
      warnings.push(describeDepthCut(`tools${from}`));
      return node;
    },
  });
  const visitNode = (node: Schema, from: string, at: string): Schema => {
    const copy: Schema = {};
    for (const [key, value] of Object.entries(node)) {
      if (STRICT_UNSUPPORTED.includes(key)) {
        warnings.push({ code: 'strict-keyword-dropped', message: `Strict mode does not accept "${key}": it is removed, so the model no longer sees that rule.`, path: `tools${from}.${key}` });
        changes.push({ kind: 'dropped', from: `${from}.${key}`, note: `"${key}" is not accepted in strict mode` });
        continue;
      }
      copy[key] = value;
    }
    if (Array.isArray(copy.oneOf)) {
      copy.anyOf = copy.oneOf;
      delete copy.oneOf;
      warnings.push({ code: 'strict-one-of', message: 'Strict mode has no "oneOf": it is sent as "anyOf", which allows more than one match.', path: `tools${from}.oneOf` });
      changes.push({ kind: 'renamed', from: `${from}.oneOf`, to: `${at}.anyOf`, note: 'oneOf becomes anyOf in strict mode' });
    }
    for (const combiner of ['anyOf', 'allOf']) {
      const branches = copy[combiner];
      const source = combiner === 'anyOf' && Array.isArray(node.oneOf) ? 'oneOf' : combiner;
      if (Array.isArray(branches)) {
        copy[combiner] = branches.map((branch, index) =>
          isPlainObject(branch) ? visit(branch, `${from}.${source}[${index}]`, `${at}.${combiner}[${index}]`) : branch,
        );
      }
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
    const properties = copy.properties;
    if (copy.type === 'object' || isPlainObject(properties)) {
      const required = new Set<unknown>(Array.isArray(copy.required) ? copy.required : []);
      const visited: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(isPlainObject(properties) ? properties : {})) {
        let property = isPlainObject(value) ? visit(value, `${from}.properties.${name}`, `${at}.properties.${name}`) : value;
        if (!required.has(name) && isPlainObject(property)) {
          property = makeNullable(property);
          warnings.push({ code: 'strict-optional-nullable', message: `Strict mode requires every property: the optional "${name}" becomes required but may be null.`, path: `tools${from}.properties.${name}` });
          changes.push({ kind: 'retyped', from: `${from}.properties.${name}`, to: `${at}.properties.${name}`, note: 'optional becomes required and nullable' });
        }
        visited[name] = property;
      }
      copy.properties = visited;
      copy.required = Object.keys(visited);
      if (copy.additionalProperties !== false) {
        if (copy.additionalProperties !== undefined) {
          warnings.push({ code: 'strict-closed-object', message: 'Strict mode closes every object: extra properties the schema allowed are no longer accepted.', path: `tools${from}.additionalProperties` });
        }
        copy.additionalProperties = false;
        changes.push({ kind: 'added', to: `${at}.additionalProperties`, note: 'strict mode closes every object' });
      }
    }
    return copy;
  };

  return { result: visit(schema, inputPath, outputPath), warnings, changes };
}
