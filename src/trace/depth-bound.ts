/**
 * One bound on how deeply nested the untrusted data the app handles may be (a server's
 * schema, a provider's reply, an imported trace). Every walk of such data is a loop or
 * checks this bound, so that a hostile nesting is cut, and the cut is said, instead of
 * crashing the engine, the CLI, a view or an export. The MCP SDK's own validation (which
 * the host cannot change) runs out of stack near 2,000 levels of JSON, in Node and in
 * Chromium alike: the bound stops at half that. A real tool schema needs a handful.
 */
export const MAX_NESTING_DEPTH = 1000;

/**
 * How deep a JSON view lays a value out before it summarises the rest: far below the
 * bound, because a thousand indented lines say nothing a reader can follow.
 */
export const MAX_SHOWN_DEPTH = 64;

/** What replaces a value nested deeper than the bound, so a reader sees where and why it was cut. */
export const DEPTH_CUT_MARKER = `[cut: nested deeper than ${MAX_NESTING_DEPTH} levels]`;

/**
 * How deeply the JSON text nests objects and arrays, read without parsing it (one pass,
 * no recursion): the depth of the deepest bracket outside strings.
 */
export function measureJsonTextDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (code === 0x7d || code === 0x5d) depth--;
  }
  return deepest;
}

/**
 * Whether a parsed JSON value nests objects and arrays deeper than `limit` levels: a loop
 * with its own stack, which stops at the first container past the limit. An imported trace
 * is parsed before it is checked (JSON.parse reads any depth), and its 100,000 containers
 * are walked in a fifth of the time its 16 MB of text is read a character at a time.
 */
export function isNestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (!isContainer(next.value)) continue;
    if (next.depth > limit) return true;
    for (const child of Array.isArray(next.value) ? next.value : Object.values(next.value))
      if (isContainer(child)) pending.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

/** Translation #1's warning where a schema walk met the bound; the part below is sent as it came. */
export function describeDepthCut(path: string): { code: string; message: string; path: string } {
  return {
    code: 'nested-too-deep',
    message: `The schema nests deeper than ${MAX_NESTING_DEPTH} levels here: translation #1 stops at the bound and sends the rest as it came, unchecked.`,
    path,
  };
}

/** Object or array: what nests. */
function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

/**
 * A copy of a JSON value whose objects and arrays deeper than `limit` levels are replaced
 * by the marker; `cut` says whether anything was. A loop with its own stack, so any depth
 * is safe; keys are defined (not assigned), so an own "__proto__" stays a property.
 */
export function cutDeepValue(value: unknown, limit: number = MAX_NESTING_DEPTH): { value: unknown; cut: boolean } {
  if (!isContainer(value)) return { value, cut: false };
  let cut = false;
  const copyShell = (source: Record<string, unknown> | unknown[]): Record<string, unknown> | unknown[] => (Array.isArray(source) ? [] : {});
  const root = copyShell(value);
  const pending: { source: Record<string, unknown> | unknown[]; target: Record<string, unknown> | unknown[]; depth: number }[] = [
    { source: value, target: root, depth: 1 },
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { source, target, depth } = next;
    for (const [key, child] of Object.entries(source)) {
      let copied: unknown = child;
      if (isContainer(child)) {
        if (depth >= limit) {
          copied = DEPTH_CUT_MARKER;
          cut = true;
        } else {
          const shell = copyShell(child);
          copied = shell;
          pending.push({ source: child, target: shell, depth: depth + 1 });
        }
      }
      Object.defineProperty(target, key, { value: copied, enumerable: true, writable: true, configurable: true });
    }
  }
  return { value: root, cut };
}

/**
 * A recursive walk of untrusted data that stops at the one nesting bound: `visit` recurses
 * through the function this returns, and past the bound `cut` answers instead (saying so),
 * so no hostile depth can run the walk out of stack.
 */
export function boundRecursion<Args extends unknown[], Result>({
  visit,
  cut,
}: {
  visit: (...args: Args) => Result;
  cut: (...args: Args) => Result;
}): (...args: Args) => Result {
  let depth = 0;
  return (...args) => {
    if (depth >= MAX_NESTING_DEPTH) return cut(...args);
    depth++;
    try {
      return visit(...args);
    } finally {
      depth--;
    }
  };
}
