import { allowsNull, followRefs } from '../../src/trace/index.ts';
import { readNumbers } from './read-arithmetic.ts';
import { readKeywords, splitWords, stemWord } from './match-tool-to-question.ts';
import { readRest } from './read-rest-of-question.ts';
import { readWrittenArguments } from './read-written-arguments.ts';

/**
 * Fills any tool's arguments from its JSON Schema and the question, by rules a learner
 * can predict: arguments the question writes out as a JSON object are taken as written;
 * otherwise numbers in the order asked, enum values the question names, quoted text for
 * strings, else the words the question gives after the tool's name ("Echo hello") or before
 * it ("Say hello using the echo tool"), without a label that names the property ("the
 * message: hello"). Top-level properties are filled when required or when the question
 * gives them; nested objects get their required properties only. A required property that
 * may be null (as strict mode makes every optional one) is null when the question gives it
 * no value, as a model held to strict mode writes it. Local `$ref`s are followed.
 */

export type FilledArguments = { ok: true; arguments: Record<string, unknown>; notes: string[] } | { ok: false; missing: string };

type Schema = Record<string, unknown>;
type Mention = { value: unknown; position: number };

type FillState = {
  numbers: number[];
  quotes: string[];
  /** The words after the tool's verb, for a string the question does not quote. */
  rest: string;
  /** The question's words, stemmed, with quoted parts left out. */
  words: string[];
  usedPositions: Set<number>;
  notes: string[];
  /** The whole schema, where its `$ref`s point. */
  root: Schema;
};

class MissingValue extends Error {}

/** How deep the mock fills nested required objects: a schema whose required objects refer back to themselves would never end. */
const MAX_FILL_DEPTH = 16;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A reference reads as what it names; a nullable type or a union as its first branch that is not null. */
function resolveSchema(raw: unknown, root: Schema): Schema {
  if (!isSchema(raw)) return {};
  const value = followRefs({ schema: raw, root });
  const branches = Array.isArray(value.anyOf) ? value.anyOf : Array.isArray(value.oneOf) ? value.oneOf : undefined;
  if (branches) {
    const branch = branches.find((entry) => isSchema(entry) && entry.type !== 'null');
    return { ...resolveSchema(branch, root), ...Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'anyOf' && key !== 'oneOf')) };
  }
  if (Array.isArray(value.type)) return { ...value, type: value.type.find((entry) => entry !== 'null') };
  return value;
}

/** Whether a property's schema names null (its type, enum, const or a branch of its union): one a model may leave null. */
function namesNull(raw: unknown, root: Schema): boolean {
  if (!isSchema(raw)) return false;
  const node = followRefs({ schema: raw, root });
  const constrains = 'type' in node || 'enum' in node || 'const' in node || Array.isArray(node.anyOf) || Array.isArray(node.oneOf);
  return constrains && allowsNull({ schema: node, root });
}

type Kind = 'const' | 'enum' | 'number' | 'integer' | 'boolean' | 'string' | 'array' | 'object';

function readKind(schema: Schema): Kind {
  if ('const' in schema) return 'const';
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return 'enum';
  switch (schema.type) {
    case 'number':
    case 'integer':
    case 'boolean':
    case 'string':
    case 'array':
    case 'object':
      return schema.type;
    default:
      // No type: an object if it has properties, otherwise the most forgiving type.
      return isSchema(schema.properties) ? 'object' : 'string';
  }
}

const QUOTE_PATTERN = /"([^"]+)"|“([^”]+)”|(?<=^|\s)'([^']+)'(?=[\s.,!?;:]|$)/g;

function readProperties(schema: Schema): Schema {
  return isSchema(schema.properties) ? schema.properties : {};
}

/** Where each value of an enum is named in the question, by whole (stemmed) words. */
function findMentions(values: unknown[], state: FillState): Mention[] {
  return values.flatMap((value) => {
    const valueWords = splitWords(String(value)).map(stemWord);
    if (valueWords.length === 0) return [];
    return state.words.flatMap((_word, position) => (valueWords.every((word, offset) => state.words[position + offset] === word) ? [{ value, position }] : []));
  });
}

function describeValues(values: unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join(', ');
}

function fillEnum(name: string, schema: Schema, required: boolean, state: FillState): unknown {
  const values = schema.enum as unknown[];
  // Two properties with the same values ("from", "to") take the mentions in the order the question makes them.
  const mention = findMentions(values, state)
    .filter((entry) => !state.usedPositions.has(entry.position))
    .sort((left, right) => left.position - right.position)[0];
  if (mention) {
    state.usedPositions.add(mention.position);
    return mention.value;
  }
  const numeric = values.find((value) => typeof value === 'number' && state.numbers.includes(value));
  if (numeric !== undefined) {
    state.numbers.splice(state.numbers.indexOf(numeric as number), 1);
    return numeric;
  }
  if (!required) return undefined;
  const chosen = 'default' in schema ? schema.default : values[0];
  state.notes.push(
    `the question names none of ${name}'s values (${describeValues(values)}), so ${name} is ${'default' in schema ? 'its default' : 'the first'}, ${JSON.stringify(chosen)}`,
  );
  return chosen;
}

function fillNumber(name: string, schema: Schema, kind: 'number' | 'integer', required: boolean, state: FillState): unknown {
  const next = state.numbers.shift();
  if (next === undefined) {
    if (required && 'default' in schema) return schema.default;
    if (required) throw new MissingValue(`a number for ${name}`);
    return undefined;
  }
  if (kind === 'integer' && !Number.isInteger(next)) {
    state.notes.push(`${name} takes a whole number, so ${next} is rounded to ${Math.round(next)}`);
    return Math.round(next);
  }
  return next;
}

function fillBoolean(name: string, schema: Schema, required: boolean, state: FillState): unknown {
  const nameWords = readKeywords(name);
  if (nameWords.length > 0 && nameWords.every((word) => state.words.includes(word))) return true;
  if (!required) return undefined;
  if (['yes', 'true', 'on'].some((word) => state.words.includes(word))) return true;
  return 'default' in schema ? schema.default : false;
}

function fillString(required: boolean, state: FillState): unknown {
  const quote = state.quotes.shift();
  if (quote !== undefined) return quote;
  return required ? state.rest : undefined;
}

function fillArray(name: string, schema: Schema, required: boolean, state: FillState): unknown {
  // A tuple (prefixItems, or draft 7's list of item schemas) takes one value per position, each by its own schema.
  const positions = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : undefined;
  if (positions) return required ? positions.map((position, index) => fillProperty(String(index), position, true, state, name)) : undefined;
  const items = resolveSchema(schema.items, state.root);
  const itemKind = readKind(items);
  switch (itemKind) {
    case 'number':
    case 'integer': {
      const numbers = state.numbers.splice(0).map((value) => (itemKind === 'integer' ? Math.round(value) : value));
      if (numbers.length > 0) return numbers;
      if (required) throw new MissingValue(`numbers for ${name}`);
      return undefined;
    }
    case 'string': {
      const quotes = state.quotes.splice(0);
      if (quotes.length > 0) return quotes;
      return required ? state.rest.split(/\s*,\s*|\s+and\s+/).filter(Boolean) : undefined;
    }
    case 'enum': {
      const mentioned = findMentions(items.enum as unknown[], state)
        .sort((left, right) => left.position - right.position)
        .map((entry) => entry.value);
      return mentioned.length > 0 || required ? [...new Set(mentioned)] : undefined;
    }
    case 'object':
      return required ? [fillObject(items, state, name, false)] : undefined;
    case 'const':
    case 'boolean':
    case 'array':
      return required ? [] : undefined;
    default: {
      const unknownKind: never = itemKind;
      throw new Error(`Unknown kind ${String(unknownKind)}`);
    }
  }
}

function fillProperty(name: string, rawSchema: unknown, required: boolean, state: FillState, path: string): unknown {
  const schema = resolveSchema(rawSchema, state.root);
  const kind = readKind(schema);
  const fullName = path ? `${path}.${name}` : name;
  switch (kind) {
    case 'const':
      return required ? schema.const : undefined;
    case 'enum':
      return fillEnum(fullName, schema, required, state);
    case 'number':
    case 'integer':
      return fillNumber(fullName, schema, kind, required, state);
    case 'boolean':
      return fillBoolean(name, schema, required, state);
    case 'string':
      return fillString(required, state);
    case 'array':
      return fillArray(fullName, schema, required, state);
    case 'object':
      return required ? fillObject(schema, state, fullName, false) : undefined;
    default: {
      const unknownKind: never = kind;
      throw new Error(`Unknown kind ${String(unknownKind)}`);
    }
  }
}

function fillObject(schema: Schema, state: FillState, path: string, topLevel: boolean): Record<string, unknown> {
  if (path.split('.').length > MAX_FILL_DEPTH) throw new MissingValue(`a value for ${path}, whose required objects nest deeper than ${MAX_FILL_DEPTH} levels`);
  const properties = readProperties(schema);
  const required = Array.isArray(schema.required) ? schema.required.filter((entry): entry is string => typeof entry === 'string') : [];
  const filled: Record<string, unknown> = {};
  for (const [name, propertySchema] of Object.entries(properties)) {
    const isRequired = required.includes(name);
    if (!topLevel && !isRequired) continue;
    const nullable = isRequired && namesNull(propertySchema, state.root);
    const value = fillProperty(name, propertySchema, isRequired && !nullable, state, path);
    if (value !== undefined) filled[name] = value;
    else if (nullable) {
      filled[name] = null;
      state.notes.push(`the question gives ${path ? `${path}.${name}` : name} no value and it may be null, so it is null`);
    }
  }
  return filled;
}

export function fillArgumentsFromSchema({ schema, question, toolName }: { schema: unknown; question: string; toolName: string }): FilledArguments {
  const root = isSchema(schema) ? schema : {};
  const properties = Object.keys(readProperties(resolveSchema(root, root)));
  const written = readWrittenArguments(question, properties);
  if (written) return { ok: true, arguments: written, notes: ['the question writes the arguments out as JSON, so they are taken as written'] };
  const quotes = [...question.matchAll(QUOTE_PATTERN)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
  const unquoted = question.replace(QUOTE_PATTERN, ' ');
  const labels = new Set(properties.flatMap((name) => readKeywords(name)));
  const state: FillState = {
    numbers: readNumbers(unquoted),
    quotes,
    rest: readRest(unquoted, toolName, labels),
    words: splitWords(unquoted).map(stemWord),
    usedPositions: new Set(),
    notes: [],
    root,
  };
  try {
    return { ok: true, arguments: fillObject(resolveSchema(schema, state.root), state, '', true), notes: state.notes };
  } catch (error) {
    if (error instanceof MissingValue) return { ok: false, missing: error.message };
    throw error;
  }
}
