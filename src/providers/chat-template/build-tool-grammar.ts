import type { Warning } from '../../trace/index.ts';
import { isPlainObject } from '../is-plain-object.ts';
import type { TemplateTool } from './render-chat-template.ts';
import type { TemplateFamily } from './template-family.ts';

/**
 * A GBNF grammar (llama.cpp's grammar format) that only a valid call of one of the listed
 * tools matches, written in the family's own syntax, built from the tools' JSON schemas.
 * With it the sampler may only pick tokens that keep the call valid: a small model cannot
 * misspell a tool's name, leave out a required argument or write a string where a number
 * goes. Every repetition is bounded (strings, digits, array items), so a call ends within
 * a known number of tokens. What a schema says that the grammar cannot (patterns, ranges,
 * $ref) is said in a warning, and that part is any JSON value of the right kind.
 */

const MAX_STRING_CHARACTERS = 256;
const MAX_ARRAY_ITEMS = 16;
const MAX_DEPTH = 6;

const BASE_RULES = [
  'ws ::= " "?',
  String.raw`char ::= [^"\\\x00-\x1f] | "\\" (["\\/bfnrt] | "u" [0-9a-fA-F]{4})`,
  `string ::= "\\"" char{0,${MAX_STRING_CHARACTERS}} "\\""`,
  'integer ::= "-"? ("0" | [1-9] [0-9]{0,15})',
  'number ::= integer ("." [0-9]{1,15})? ([eE] [-+]? [0-9]{1,3})?',
  'boolean ::= "true" | "false"',
  'null ::= "null"',
  `value ::= object | array | string | number | boolean | null`,
  `object ::= "{" ws ( string ":" ws value ( "," ws string ":" ws value ){0,${MAX_ARRAY_ITEMS}} )? "}"`,
  `array ::= "[" ws ( value ( "," ws value ){0,${MAX_ARRAY_ITEMS}} )? "]"`,
];

/** A GBNF literal for exact text. */
export function quoteGbnf(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}"`;
}

type GrammarBuilder = { rules: string[]; warnings: Warning[]; count: number };

function addRule(builder: GrammarBuilder, body: string): string {
  const name = `r${builder.count++}`;
  builder.rules.push(`${name} ::= ${body}`);
  return name;
}

const UNSAID_KEYWORDS = [
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'multipleOf',
  '$ref',
  'not',
  'if',
  'allOf',
];

function describeSchema(builder: GrammarBuilder, schema: unknown, path: string, depth: number): string {
  if (!isPlainObject(schema) || depth > MAX_DEPTH) return 'value';
  const unsaid = UNSAID_KEYWORDS.filter((keyword) => keyword in schema);
  if (unsaid.length > 0) {
    builder.warnings.push({
      code: 'grammar-keyword-unsaid',
      message: `The grammar cannot say ${unsaid.map((keyword) => `"${keyword}"`).join(', ')}: at ${path} the model may write any value of the right kind, and the server checks the rest.`,
      path,
    });
  }
  if ('const' in schema) return quoteGbnf(JSON.stringify(schema.const));
  if (Array.isArray(schema.enum)) return `(${schema.enum.map((option) => quoteGbnf(JSON.stringify(option))).join(' | ')})`;
  const alternatives = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (alternatives) return `(${alternatives.map((option, index) => describeSchema(builder, option, `${path}.anyOf[${index}]`, depth + 1)).join(' | ')})`;
  if (Array.isArray(schema.type)) return `(${schema.type.map((type) => describeSchema(builder, { ...schema, type }, path, depth)).join(' | ')})`;
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const item = describeSchema(builder, schema.items, `${path}.items`, depth + 1);
      return addRule(builder, `"[" ws ( ${item} ( "," ws ${item} ){0,${MAX_ARRAY_ITEMS - 1}} )? "]"`);
    }
    case 'object':
      return describeObject(builder, schema, path, depth);
    default:
      return isPlainObject(schema.properties) ? describeObject(builder, schema, path, depth) : 'value';
  }
}

/** Required properties in the schema's order, then each optional one, which may be left out. */
function describeObject(builder: GrammarBuilder, schema: Record<string, unknown>, path: string, depth: number): string {
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const names = Object.keys(properties);
  if (names.length === 0) return 'object';
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : []);
  const pair = (name: string) =>
    `${quoteGbnf(JSON.stringify(name))} ":" ws ${describeSchema(builder, properties[name], `${path}.properties.${name}`, depth + 1)}`;
  const mandatory = names.filter((name) => required.has(name)).map(pair);
  const optional = names.filter((name) => !required.has(name)).map(pair);
  let body: string;
  if (mandatory.length > 0) {
    body = [mandatory.join(' "," ws '), ...optional.map((item) => `( "," ws ${item} )?`)].join(' ');
  } else {
    // No property is required: the object may be empty, or start at any optional property and go on in order.
    body = `( ${optional.map((item, index) => [item, ...optional.slice(index + 1).map((next) => `( "," ws ${next} )?`)].join(' ')).join(' | ')} )?`;
  }
  return addRule(builder, `"{" ws ${body} "}"`);
}

/** Where the call sits in the family's syntax, and the key its arguments go under. */
function describeEnvelope(family: TemplateFamily): { before: string; after: string; argumentsKey: string } {
  switch (family) {
    case 'hermes':
    case 'qwen3':
    case 'no-tools':
      return { before: '<tool_call>\n', after: '\n</tool_call>', argumentsKey: 'arguments' };
    case 'llama3':
      return { before: '', after: '', argumentsKey: 'parameters' };
    default: {
      const unknown: never = family;
      throw new Error(`Unknown template family ${String(unknown)}`);
    }
  }
}

/** The grammar for one call of one of the tools, and what it could not say. */
export function buildToolGrammar({ tools, family }: { tools: TemplateTool[]; family: TemplateFamily }): { grammar: string; warnings: Warning[] } {
  const builder: GrammarBuilder = { rules: [], warnings: [], count: 0 };
  const envelope = describeEnvelope(family);
  const calls = tools.map((tool, index) => {
    const args = describeSchema(builder, tool.function.parameters, `tools[${index}].function.parameters`, 0);
    const name = `{"name": ${JSON.stringify(tool.function.name)}, ${JSON.stringify(envelope.argumentsKey)}: `;
    return addRule(builder, `${quoteGbnf(name)} ${args} "}"`);
  });
  const root = `root ::= ${quoteGbnf(envelope.before)} (${calls.join(' | ')}) ${quoteGbnf(envelope.after)}`.replace(/"" /g, '').replace(/ ""$/, '');
  return { grammar: [root, ...builder.rules, ...BASE_RULES].join('\n'), warnings: builder.warnings };
}
