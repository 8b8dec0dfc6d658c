import { childPath, normalizePath } from '../../content/index.ts';
import { MAX_SHOWN_DEPTH } from '../../trace/index.ts';
import type { FieldChange } from '../../trace/index.ts';

/**
 * Lays a JSON value out as pretty-printed lines, each knowing the path of the value it
 * shows, so that a translation's changes (paths into its input or output) can be
 * highlighted on exactly the lines they touch. Paths read like `[0].function.parameters`.
 */

export type ChangeKind = FieldChange['kind'];
/** A translation's change, a field the narration points at, or one the learner edited before it was sent. */
export type HighlightKind = ChangeKind | 'focus' | 'edited';

export type JsonLine = {
  /** Nesting depth, for indentation. */
  depth: number;
  /** The object key shown on this line, if any (already quoted). */
  key?: string;
  /** The text after the key: a scalar, or an opening or closing bracket. */
  text: string;
  /** The JSON type of the scalar, for colouring; undefined for brackets. */
  type?: 'string' | 'number' | 'boolean' | 'null';
  /** The path of the value this line belongs to. */
  path: string;
  /** The highlight that covers this line, with the path it was declared for. */
  change?: Highlight;
};

export type Highlight = { kind: HighlightKind; note: string; path: string; other?: string };

/** Which highlight each path gets on one side of a translation ('input' uses `from`, 'output' uses `to`). */
export function collectHighlights({ changes, side }: { changes: FieldChange[]; side: 'input' | 'output' }): Map<string, Highlight> {
  const highlights = new Map<string, Highlight>();
  for (const change of changes) {
    const here = side === 'input' ? change.from : change.to;
    if (here === undefined) continue;
    const other = side === 'input' ? change.to : change.from;
    const path = normalizePath(here);
    highlights.set(path, { kind: change.kind, note: change.note, path, ...(other !== undefined ? { other: normalizePath(other) } : {}) });
  }
  return highlights;
}

/** Deeper than this, a value is summarized: a hostile file must not exhaust the stack (src/trace/depth-bound.ts). */
export const MAX_JSON_DEPTH = MAX_SHOWN_DEPTH;

/** Highlights for the fields the narration points at. */
export function collectFocusHighlights(focus: { path: string; note: string }[]): Map<string, Highlight> {
  return new Map(focus.map((entry) => [normalizePath(entry.path), { kind: 'focus', note: entry.note, path: normalizePath(entry.path) }]));
}

export function layoutJsonLines({ value, highlights = new Map() }: { value: unknown; highlights?: Map<string, Highlight> }): JsonLine[] {
  const lines: JsonLine[] = [];

  const visit = (node: unknown, path: string, depth: number, key: string | undefined, inherited: Highlight | undefined, last: boolean) => {
    const change = highlights.get(path) ?? inherited;
    const comma = last ? '' : ',';
    const base = { depth, path, ...(key !== undefined ? { key } : {}), ...(change ? { change } : {}) };
    if (depth >= MAX_JSON_DEPTH && typeof node === 'object' && node !== null) {
      lines.push({ ...base, text: `${Array.isArray(node) ? '[…]' : '{…}'}${comma} (nested deeper than ${MAX_JSON_DEPTH} levels: not shown)` });
      return;
    }
    if (Array.isArray(node) || (typeof node === 'object' && node !== null)) {
      const entries: [string | number, unknown][] = Array.isArray(node) ? node.map((item, index) => [index, item]) : Object.entries(node);
      const [open, close] = Array.isArray(node) ? ['[', ']'] : ['{', '}'];
      if (entries.length === 0) {
        lines.push({ ...base, text: `${open}${close}${comma}` });
        return;
      }
      lines.push({ ...base, text: open });
      entries.forEach(([childKey, child], index) => {
        visit(
          child,
          childPath(path, childKey),
          depth + 1,
          typeof childKey === 'string' ? JSON.stringify(childKey) : undefined,
          change,
          index === entries.length - 1,
        );
      });
      lines.push({ depth, path, text: `${close}${comma}`, ...(change ? { change } : {}) });
      return;
    }
    const type =
      node === null ? 'null' : typeof node === 'string' ? 'string' : typeof node === 'number' ? 'number' : typeof node === 'boolean' ? 'boolean' : 'null';
    lines.push({ ...base, text: `${JSON.stringify(node) ?? 'null'}${comma}`, type });
  };

  visit(value, '', 0, undefined, undefined, true);
  return lines;
}
