import { useState } from 'react';
import { cutText, LONG_TEXT_LIMIT } from './long-text.ts';

export const buttonClass =
  'rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800';
export const formatCount = (count: number) => count.toLocaleString('en');

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
