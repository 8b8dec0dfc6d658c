import { MAX_JSON_DEPTH } from './json-lines.ts';

/**
 * Cuts very long strings in a JSON value for display. Laying out a megabyte of text
 * freezes the page for about a second, and nobody reads past the first screens of it;
 * the learner can still ask for the whole value.
 */

/** Longer strings are shown cut to this many characters until the learner asks for all of them. */
export const LONG_TEXT_LIMIT = 5_000;

export type ShortenedValue = {
  /** The value with every long string cut; the very same value when nothing was cut. */
  value: unknown;
  /** How many strings were cut. */
  cutCount: number;
  /** The length of the longest string that was cut (0 when none was). */
  longestLength: number;
};

/** The first `limit` characters, never ending in half of a surrogate pair, and how much was left out. */
export function cutText(text: string, limit: number = LONG_TEXT_LIMIT): string {
  if (text.length <= limit) return text;
  const lastCode = text.charCodeAt(limit - 1);
  const end = lastCode >= 0xd800 && lastCode <= 0xdbff ? limit - 1 : limit;
  return `${text.slice(0, end)}… [${(text.length - end).toLocaleString('en')} more characters]`;
}

/** Longer lists are shown cut to this many items until the learner asks for more: a server may list 10,000 tools, and laying out every one froze the page for half a minute. */
export const LONG_LIST_ITEMS = 50;

export type DisplayValue = ShortenedValue & {
  /** How many lists were cut to their first items. */
  cutListCount: number;
  /** The length of the longest list that was cut (0 when none was). */
  longestListLength: number;
};

/** A copy of `node` with `key` set to `item` as its own property, whatever the key (a JSON key may be `__proto__`). */
function withOwnProperty(node: Record<string, unknown>, key: string, item: unknown): Record<string, unknown> {
  Object.defineProperty(node, key, { value: item, writable: true, enumerable: true, configurable: true });
  return node;
}

export function shortenForDisplay({
  value,
  textLimit = LONG_TEXT_LIMIT,
  itemLimit = LONG_LIST_ITEMS,
}: {
  value: unknown;
  textLimit?: number;
  itemLimit?: number;
}): DisplayValue {
  let cutCount = 0;
  let longestLength = 0;
  let cutListCount = 0;
  let longestListLength = 0;
  // Copies only the containers on the way to a cut, so an ordinary payload is returned as it is.
  const visit = (node: unknown, depth: number): unknown => {
    if (typeof node === 'string') {
      if (node.length <= textLimit) return node;
      cutCount += 1;
      longestLength = Math.max(longestLength, node.length);
      return cutText(node, textLimit);
    }
    // Deeper values are summarized by the views anyway; a hostile file must not exhaust the stack.
    if (typeof node !== 'object' || node === null || depth >= MAX_JSON_DEPTH) return node;
    if (Array.isArray(node)) {
      const kept: unknown[] = node.length > itemLimit ? node.slice(0, itemLimit) : node;
      if (kept !== node) {
        cutListCount += 1;
        longestListLength = Math.max(longestListLength, node.length);
      }
      let copy: unknown[] | undefined = kept === node ? undefined : kept;
      kept.forEach((item, index) => {
        const shown = visit(item, depth + 1);
        if (shown !== item) (copy ??= [...node])[index] = shown;
      });
      return copy ?? node;
    }
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(node)) {
      const shown = visit(item, depth + 1);
      if (shown !== item) copy = withOwnProperty(copy ?? { ...node }, key, shown);
    }
    return copy ?? node;
  };
  const shown = visit(value, 0);
  return { value: shown, cutCount, longestLength, cutListCount, longestListLength };
}

/** Long strings only: every list whole. */
export function shortenLongStrings(value: unknown, limit: number = LONG_TEXT_LIMIT): ShortenedValue {
  const { value: shown, cutCount, longestLength } = shortenForDisplay({ value, textLimit: limit, itemLimit: Infinity });
  return { value: shown, cutCount, longestLength };
}
