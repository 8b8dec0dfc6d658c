/**
 * Paths into a JSON value as the inspector writes them (`params.arguments`,
 * `[0].function.arguments`, `_meta["io.example/stage"]`). The inspector marks a line when
 * its path equals a highlight's path, so a highlight shows only if the same spelling
 * reaches a value: resolveJsonPath answers that, with the very functions the inspector
 * builds its line paths with.
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The path of a child: `[2]` for an index, `.name` for an identifier, `["a/b"]` for any other key. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return IDENTIFIER.test(key) ? `${parent}${parent === '' ? '' : '.'}${key}` : `${parent}[${JSON.stringify(key)}]`;
}

/** Normalizes a declared path (`[]` or empty is the root; a leading dot is dropped). */
export function normalizePath(path: string): string {
  if (path === '[]') return '';
  return path.startsWith('.') ? path.slice(1) : path;
}

export type ResolvedPath = { found: true; value: unknown } | { found: false };

/** The value a declared path reaches in a JSON value, walking only the children whose path leads towards it. */
export function resolveJsonPath({ value, path }: { value: unknown; path: string }): ResolvedPath {
  const target = normalizePath(path);
  let node = value;
  let here = '';
  while (here !== target) {
    if (typeof node !== 'object' || node === null) return { found: false };
    const entries: [string | number, unknown][] = Array.isArray(node) ? node.map((item, index) => [index, item]) : Object.entries(node);
    const step = entries.find(([key]) => leadsTo(childPath(here, key), target));
    if (!step) return { found: false };
    here = childPath(here, step[0]);
    node = step[1];
  }
  return { found: true, value: node };
}

/** Whether a child's path is the target or one of its ancestors (`a.b` leads to `a.b.c` and `a.b[0]`, not to `a.bc`). */
function leadsTo(candidate: string, target: string): boolean {
  if (candidate === target) return true;
  const next = target.charAt(candidate.length);
  return target.startsWith(candidate) && (next === '.' || next === '[');
}
