import { z } from 'zod';

/**
 * The form an elicitation asks for, read from the server's requestedSchema. The spec
 * keeps the schema flat (primitive fields, enums and string lists), so a field is one
 * control. The schema comes from the server, so it is parsed, never trusted: a field the
 * host cannot render is reported, and the user can still decline or cancel.
 */

const OptionSchema = z.object({ const: z.string(), title: z.string().optional() });
const FieldBase = { title: z.string().optional(), description: z.string().optional() };
const PropertySchema = z.union([
  z.looseObject({ type: z.literal('boolean'), default: z.boolean().optional(), ...FieldBase }),
  z.looseObject({
    type: z.enum(['number', 'integer']),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    default: z.number().optional(),
    ...FieldBase,
  }),
  z.looseObject({
    type: z.literal('string'),
    enum: z.array(z.string()).optional(),
    enumNames: z.array(z.string()).optional(),
    oneOf: z.array(OptionSchema).optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    format: z.string().optional(),
    default: z.string().optional(),
    ...FieldBase,
  }),
  z.looseObject({
    type: z.literal('array'),
    items: z.union([z.object({ type: z.literal('string').optional(), enum: z.array(z.string()) }), z.object({ anyOf: z.array(OptionSchema) })]),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    default: z.array(z.string()).optional(),
    ...FieldBase,
  }),
]);
const RequestedSchemaSchema = z.looseObject({ properties: z.record(z.string(), z.unknown()), required: z.array(z.string()).optional() });

export type ChoiceOption = { value: string; label: string };
type Common = { name: string; label: string; description?: string; required: boolean };
export type ElicitationField =
  | (Common & { kind: 'boolean'; initial: boolean })
  | (Common & { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; initial: string })
  | (Common & { kind: 'text'; minLength?: number; maxLength?: number; format?: string; initial: string })
  | (Common & { kind: 'choice'; options: ChoiceOption[]; initial: string })
  | (Common & { kind: 'choices'; options: ChoiceOption[]; minItems?: number; maxItems?: number; initial: string[] });

export type FieldValue = string | boolean | string[];
export type ElicitationContent = Record<string, string | number | boolean | string[]>;

function readOptions(values: string[], labels: string[] | undefined): ChoiceOption[] {
  return values.map((value, index) => ({ value, label: labels?.[index] ?? value }));
}

function toOptions(options: z.infer<typeof OptionSchema>[]): ChoiceOption[] {
  return options.map((option) => ({ value: option.const, label: option.title ?? option.const }));
}

function readField({ name, property, required }: { name: string; property: z.infer<typeof PropertySchema>; required: boolean }): ElicitationField {
  const common: Common = { name, label: property.title ?? name, required, ...(property.description ? { description: property.description } : {}) };
  switch (property.type) {
    case 'boolean':
      return { ...common, kind: 'boolean', initial: property.default ?? false };
    case 'number':
    case 'integer':
      return {
        ...common,
        kind: 'number',
        integer: property.type === 'integer',
        minimum: property.minimum,
        maximum: property.maximum,
        initial: property.default === undefined ? '' : String(property.default),
      };
    case 'string': {
      const options = property.oneOf ? toOptions(property.oneOf) : property.enum ? readOptions(property.enum, property.enumNames) : null;
      if (options) return { ...common, kind: 'choice', options, initial: property.default ?? (required ? (options[0]?.value ?? '') : '') };
      return {
        ...common,
        kind: 'text',
        minLength: property.minLength,
        maxLength: property.maxLength,
        format: property.format,
        initial: property.default ?? '',
      };
    }
    case 'array': {
      const options = 'anyOf' in property.items ? toOptions(property.items.anyOf) : readOptions(property.items.enum, undefined);
      return { ...common, kind: 'choices', options, minItems: property.minItems, maxItems: property.maxItems, initial: property.default ?? [] };
    }
    default: {
      const unexpected: never = property;
      throw new Error(`Unknown field type ${JSON.stringify(unexpected)}`);
    }
  }
}

/** The form's fields, and the names of the fields the host cannot render (with why). */
export function readElicitationFields(requestedSchema: unknown): { fields: ElicitationField[]; unreadable: string[] } {
  const schema = RequestedSchemaSchema.safeParse(requestedSchema);
  if (!schema.success) return { fields: [], unreadable: ['the requestedSchema has no properties object'] };
  const required = new Set(schema.data.required ?? []);
  const fields: ElicitationField[] = [];
  const unreadable: string[] = [];
  for (const [name, value] of Object.entries(schema.data.properties)) {
    const property = PropertySchema.safeParse(value);
    if (property.success) fields.push(readField({ name, property: property.data, required: required.has(name) }));
    else unreadable.push(`${name} (not a string, number, integer, boolean or string-list field)`);
  }
  return { fields, unreadable };
}

export function readInitialValues(fields: ElicitationField[]): Record<string, FieldValue> {
  return Object.fromEntries(fields.map((field) => [field.name, field.initial]));
}

function checkNumber(field: Extract<ElicitationField, { kind: 'number' }>, text: string): { value?: number; error?: string } {
  const value = Number(text);
  if (!Number.isFinite(value)) return { error: `${field.label} must be a number.` };
  if (field.integer && !Number.isInteger(value)) return { error: `${field.label} must be a whole number.` };
  if (field.minimum !== undefined && value < field.minimum) return { error: `${field.label} must be at least ${field.minimum}.` };
  if (field.maximum !== undefined && value > field.maximum) return { error: `${field.label} must be at most ${field.maximum}.` };
  return { value };
}

function checkText(field: Extract<ElicitationField, { kind: 'text' }>, text: string): string | undefined {
  if (field.minLength !== undefined && text.length < field.minLength) return `${field.label} needs at least ${field.minLength} characters.`;
  if (field.maxLength !== undefined && text.length > field.maxLength) return `${field.label} takes at most ${field.maxLength} characters.`;
  if (field.format === 'email' && !/^[^\s@]+@[^\s@]+$/.test(text)) return `${field.label} must be an email address.`;
  return undefined;
}

function checkField(field: ElicitationField, value: FieldValue | undefined): { value?: FieldValue | number; error?: string } {
  switch (field.kind) {
    case 'boolean':
      return { value: value === true };
    case 'choices': {
      const chosen = Array.isArray(value) ? value : [];
      if (field.required && chosen.length === 0) return { error: `${field.label} is required: choose at least one.` };
      if (field.minItems !== undefined && chosen.length > 0 && chosen.length < field.minItems)
        return { error: `${field.label}: choose at least ${field.minItems}.` };
      if (field.maxItems !== undefined && chosen.length > field.maxItems) return { error: `${field.label}: choose at most ${field.maxItems}.` };
      return chosen.length > 0 ? { value: chosen } : {};
    }
    case 'number':
    case 'text':
    case 'choice': {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') return field.required ? { error: `${field.label} is required.` } : {};
      if (field.kind === 'number') return checkNumber(field, text);
      if (field.kind === 'choice')
        return field.options.some((option) => option.value === text) ? { value: text } : { error: `${field.label} must be one of the choices.` };
      const error = checkText(field, text);
      return error ? { error } : { value: text };
    }
    default: {
      const unexpected: never = field;
      throw new Error(`Unknown field ${JSON.stringify(unexpected)}`);
    }
  }
}

/** The accept answer's content, or each field's error: the form is checked before anything is sent. */
export function validateElicitationForm({
  fields,
  values,
}: {
  fields: ElicitationField[];
  values: Record<string, FieldValue>;
}): { content: ElicitationContent } | { errors: Record<string, string> } {
  const content: ElicitationContent = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const checked = checkField(field, values[field.name]);
    if (checked.error) errors[field.name] = checked.error;
    else if (checked.value !== undefined) content[field.name] = checked.value;
  }
  return Object.keys(errors).length > 0 ? { errors } : { content };
}
