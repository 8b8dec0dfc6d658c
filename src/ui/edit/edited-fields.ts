import { childPath } from '../../content/index.ts';

/**
 * What the learner changed in a message before it left: each value they changed, added
 * or removed, by path (as the inspector writes paths, e.g. `params.arguments.a`), with
 * what the host had written there. Pure, so the credit given in the inspector is tested.
 */
export type EditedField = { path: string; kind: 'changed' | 'added' | 'removed'; was?: unknown; now?: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function findEditedFields({ original, sent }: { original: unknown; sent: unknown }, path = ''): EditedField[] {
  if (Array.isArray(original) && Array.isArray(sent)) {
    const length = Math.max(original.length, sent.length);
    return Array.from({ length }, (_, index) => compareChild(original, sent, index, index < original.length, index < sent.length, path)).flat();
  }
  if (isRecord(original) && isRecord(sent)) {
    const keys = [...new Set([...Object.keys(original), ...Object.keys(sent)])];
    return keys.flatMap((key) => compareChild(original, sent, key, Object.hasOwn(original, key), Object.hasOwn(sent, key), path));
  }
  return JSON.stringify(original) === JSON.stringify(sent) ? [] : [{ path, kind: 'changed', was: original, now: sent }];
}

function compareChild(original: unknown, sent: unknown, key: string | number, inOriginal: boolean, inSent: boolean, parent: string): EditedField[] {
  const path = childPath(parent, key);
  const was = (original as Record<string | number, unknown>)[key];
  const now = (sent as Record<string | number, unknown>)[key];
  if (!inSent) return [{ path, kind: 'removed', was }];
  if (!inOriginal) return [{ path, kind: 'added', now }];
  return findEditedFields({ original: was, sent: now }, path);
}

/** Whether one path is the other or lies inside it (`params` holds `params.arguments.a` and `params.list[0]`). */
export function isWithin(path: string, container: string): boolean {
  return container === '' || path === container || path.startsWith(`${container}.`) || path.startsWith(`${container}[`);
}

/** A value in a few characters, for a note beside a line. */
export function describeValue(value: unknown): string {
  const text = JSON.stringify(value) ?? 'nothing';
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/**
 * The narration's notes for an edited message, credited to the right author: a note on
 * a field the learner changed (or one that holds such a field) says so, instead of
 * crediting the model or the host with what the learner wrote.
 */
export function creditEdits<Entry extends { path: string; note: string }>({ focus, edits }: { focus: Entry[]; edits: EditedField[] }): Entry[] {
  return focus.map((entry) => {
    const touched = edits.filter((edit) => isWithin(edit.path, entry.path) || isWithin(entry.path, edit.path));
    if (touched.length === 0) return entry;
    return { ...entry, note: `${entry.note}, then edited by you` };
  });
}
