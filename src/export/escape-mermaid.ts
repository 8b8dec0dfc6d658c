/**
 * Characters kept as they are in a Mermaid label: letters, digits, spaces and punctuation
 * that means nothing to Mermaid, its Markdown, KaTeX or HTML. Everything else is written
 * as an entity code (`#35;`): `;` and newlines end a statement, `#` starts an entity, `%`
 * and `{` open a directive (Mermaid looks for `%%{init}%%` anywhere in the text, not only
 * at the start of a line), `<`, `>`, `&` and quotes are HTML, backticks and `$` open
 * Markdown strings and math, `:` may read as a wrap option.
 */
const KEPT = /[\p{L}\p{N} .,_/()=+*?!@-]/u;

export const MAX_LABEL_LENGTH = 80;

/**
 * A label safe to put after a Mermaid arrow, note or alias: control characters and line
 * breaks become spaces, the text is cut to a bounded length, and every character that
 * Mermaid could read as syntax is an entity code, which it shows as the character.
 */
export function escapeMermaidLabel(text: string, maxLength = MAX_LABEL_LENGTH): string {
  const flat = text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = [...flat];
  const bounded = characters.length > maxLength ? [...characters.slice(0, maxLength - 1), '…'] : characters;
  const escaped = bounded.map((character) => (KEPT.test(character) ? character : `#${character.codePointAt(0)};`)).join('');
  return escaped === '' ? '#160;' : escaped;
}

const RESERVED = new Set([
  'end',
  'participant',
  'actor',
  'note',
  'loop',
  'alt',
  'else',
  'opt',
  'par',
  'and',
  'rect',
  'critical',
  'break',
  'box',
  'autonumber',
  'activate',
  'deactivate',
  'create',
  'destroy',
  'title',
  'over',
  'left',
  'right',
  'of',
  'links',
  'link',
  'properties',
  'details',
  'option',
]);

/** An identifier Mermaid reads as one participant: letters, digits and underscores, never a keyword. */
export function toMermaidId(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z]/.test(safe) && !RESERVED.has(safe.toLowerCase()) ? safe : `p_${safe}`;
}
