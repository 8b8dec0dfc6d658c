import { STRICT_UNSUPPORTED } from '../../src/trace/index.ts';
import { MockRequestFault } from './serve-mock-endpoint.ts';

/**
 * What OpenAI checks in a request's tools before any model sees it, in its words: a name
 * of letters, digits, `_` and `-`, at most 64; and, for a tool marked strict, a schema in
 * the strict subset (a root object, every object closed, every property required, no
 * keyword strict mode refuses). A request the learner edited at the gate gets the same
 * 400 the real API gives.
 */

const OPENAI_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

export function checkOpenAiToolName({ name, param }: { name: string; param: string }): void {
  if (OPENAI_TOOL_NAME.test(name)) return;
  const why =
    name.length > 64
      ? `string too long. Expected a string with maximum length 64, but got a string with length ${name.length} instead.`
      : "string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.";
  throw new MockRequestFault(`Invalid '${param}': ${why}`, param);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first rule of the strict subset a schema breaks, worded as OpenAI words it, with its context path. */
function findStrictViolation(schema: unknown, context: string[]): string | undefined {
  if (!isRecord(schema)) return undefined;
  const where = `In context=(${context.map((part) => `'${part}'`).join(', ')})`;
  const unsupported = Object.keys(schema).find((key) => STRICT_UNSUPPORTED.has(key) && key !== '$schema');
  if (unsupported) return `${where}, '${unsupported}' is not permitted.`;
  const properties = isRecord(schema.properties) ? schema.properties : undefined;
  if (schema.type === 'object' || properties) {
    if (schema.additionalProperties !== false) return `${where}, 'additionalProperties' is required to be supplied and to be false.`;
    const required = Array.isArray(schema.required) ? schema.required : [];
    const missing = Object.keys(properties ?? {}).find((key) => !required.includes(key));
    if (missing !== undefined)
      return `${where}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
  }
  if ((schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) && schema.items === undefined)
    return `${where}, array schema missing items.`;
  const children: [string[], unknown][] = [
    ...Object.entries(properties ?? {}).map(([key, value]): [string[], unknown] => [[...context, 'properties', key], value]),
    [[...context, 'items'], schema.items],
    ...['anyOf', 'allOf'].flatMap((keyword) =>
      Array.isArray(schema[keyword]) ? schema[keyword].map((value, index): [string[], unknown] => [[...context, keyword, String(index)], value]) : [],
    ),
    ...['$defs', 'definitions'].flatMap((keyword) =>
      Object.entries(isRecord(schema[keyword]) ? schema[keyword] : {}).map(([key, value]): [string[], unknown] => [[...context, keyword, key], value]),
    ),
  ];
  for (const [path, child] of children) {
    const violation = findStrictViolation(child, path);
    if (violation) return violation;
  }
  return undefined;
}

export function checkOpenAiStrictSchema({ name, schema, param }: { name: string; schema: unknown; param: string }): void {
  if (!isRecord(schema) || schema.type !== 'object') {
    throw new MockRequestFault(
      `Invalid schema for function '${name}': schema must be a JSON Schema of 'type: "object"', got 'type: "${isRecord(schema) ? String(schema.type) : 'None'}"'.`,
      param,
    );
  }
  if (Array.isArray(schema.anyOf))
    throw new MockRequestFault(`Invalid schema for function '${name}': schema must have a 'type' key of 'object' at the root and not use 'anyOf'.`, param);
  const violation = findStrictViolation(schema, []);
  if (violation) throw new MockRequestFault(`Invalid schema for function '${name}': ${violation}`, param);
}
