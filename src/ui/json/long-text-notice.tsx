import { useMemo, useState, type ReactNode } from 'react';
import { cutText, LONG_TEXT_LIMIT, shortenLongStrings } from './long-text.ts';

const buttonClass = 'rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800';
const formatCount = (count: number) => count.toLocaleString('en');

/**
 * A JSON value with its long strings cut, until the learner asks for all of it; the
 * notice says what was cut and offers the whole value.
 */
export function useShortenedValue(value: unknown): { shown: unknown; notice: ReactNode } {
  const [whole, setWhole] = useState(false);
  const shortened = useMemo(() => shortenLongStrings(value), [value]);
  if (whole || shortened.cutCount === 0) return { shown: value, notice: null };
  const what = shortened.cutCount === 1 ? `A text of ${formatCount(shortened.longestLength)} characters is` : `${shortened.cutCount} long texts (the longest ${formatCount(shortened.longestLength)} characters) are`;
  return {
    shown: shortened.value,
    notice: (
      <p className="mb-1 flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-300" data-testid="long-text-notice">
        {what} cut to the first {formatCount(LONG_TEXT_LIMIT)} characters here.
        <button type="button" className={buttonClass} onClick={() => setWhole(true)}>
          Show all of it
        </button>
      </p>
    ),
  };
}

/** Text (an HTTP body, an SSE frame) cut to its first characters until the learner asks for the rest. */
export function LongText({ text }: { text: string }) {
  const [whole, setWhole] = useState(false);
  if (whole || text.length <= LONG_TEXT_LIMIT) return <>{text}</>;
  return (
    <>
      {cutText(text)}{' '}
      <button type="button" className={`${buttonClass} font-sans`} onClick={() => setWhole(true)}>
        Show all {formatCount(text.length)} characters
      </button>
    </>
  );
}
