import type { ElicitRequestFormParams } from '@modelcontextprotocol/client';

type Content = Record<string, string | number | boolean | string[]>;

/**
 * The answer a form gets when nobody fills it in (the CLI without --elicitation-answer):
 * each field's default, the first choice of an enum that has none, and nothing for the
 * rest. A field that is required and has no default stays empty: the server sees that.
 */
export function fillElicitationDefaults(schema: ElicitRequestFormParams['requestedSchema']): Content {
  const content: Content = {};
  for (const [name, field] of Object.entries(schema.properties)) {
    if ('default' in field && field.default !== undefined) content[name] = field.default;
    else if ('enum' in field && Array.isArray(field.enum) && typeof field.enum[0] === 'string') content[name] = field.enum[0];
  }
  return content;
}
