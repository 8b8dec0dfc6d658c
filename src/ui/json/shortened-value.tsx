import { useMemo, useState, type ReactNode } from 'react';
import { buttonClass, formatCount } from './long-text-notice.tsx';
import { LONG_LIST_ITEMS, LONG_TEXT_LIMIT, shortenForDisplay } from './long-text.ts';

// Apart from LongText (which the first page's step caption uses), so only the inspector's chunk carries it.

const noticeClass = 'mb-1 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300';

/**
 * A JSON value with its long strings and long lists cut, until the learner asks for more;
 * the notices say what was cut (with the counts) and offer the rest.
 */
export function useShortenedValue(value: unknown): { shown: unknown; notice: ReactNode } {
  const [whole, setWhole] = useState(false);
  const [itemLimit, setItemLimit] = useState(LONG_LIST_ITEMS);
  const shortened = useMemo(() => (whole ? null : shortenForDisplay({ value, itemLimit })), [value, itemLimit, whole]);
  if (!shortened || (shortened.cutCount === 0 && shortened.cutListCount === 0)) return { shown: value, notice: null };
  const texts =
    shortened.cutCount === 1
      ? `A text of ${formatCount(shortened.longestLength)} characters is`
      : `${shortened.cutCount} long texts (the longest ${formatCount(shortened.longestLength)} characters) are`;
  const lists =
    shortened.cutListCount === 1
      ? `A list of ${formatCount(shortened.longestListLength)} items is`
      : `${shortened.cutListCount} long lists (the longest ${formatCount(shortened.longestListLength)} items) are`;
  const more = Math.min(LONG_LIST_ITEMS, shortened.longestListLength - itemLimit);
  return {
    shown: shortened.value,
    notice: (
      <>
        {shortened.cutListCount > 0 && (
          <p className={noticeClass} data-testid="list-cut-notice">
            {lists} cut to the first {formatCount(itemLimit)} items here.
            <button type="button" className={buttonClass} onClick={() => setItemLimit((limit) => limit + LONG_LIST_ITEMS)}>
              Show {formatCount(more)} more items
            </button>
            <button type="button" className={buttonClass} onClick={() => setWhole(true)}>
              Show all {formatCount(shortened.longestListLength)} (slow)
            </button>
          </p>
        )}
        {shortened.cutCount > 0 && (
          <p className={noticeClass} data-testid="long-text-notice">
            {texts} cut to the first {formatCount(LONG_TEXT_LIMIT)} characters here.
            <button type="button" className={buttonClass} onClick={() => setWhole(true)}>
              Show all of it
            </button>
          </p>
        )}
      </>
    ),
  };
}
