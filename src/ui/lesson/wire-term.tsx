import { useId } from 'react';
import { findWireTerm, type WireAudience } from '../../content/index.ts';
import { gateOwnUrl } from '../../trace/index.ts';
import { GatedLink } from '../open-gated-url.tsx';

/**
 * A header name or SSE field with its meaning on hover or focus: the name is a button
 * (Tab reaches it), the explanation and the specification link sit in a box that stays
 * open while focus is inside it, so the link can be reached from the keyboard too.
 * The button is 24 px at least (WCAG's target size): the terms stand in rows, one under another.
 * The audience picks the glossary: an SSE field means one thing on an MCP stream and
 * another on a model's streamed reply.
 */
export function WireTerm({ name, audience = 'mcp' }: { name: string; audience?: WireAudience }) {
  const term = findWireTerm(name, audience);
  const id = useId();
  if (!term) return <>{name}</>;
  return (
    <span className="group relative inline-block" data-testid="wire-term" data-term={term.term}>
      <button
        type="button"
        aria-describedby={id}
        className="inline-flex min-h-6 min-w-6 cursor-help items-center underline decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600"
      >
        {name}
      </button>
      <span
        id={id}
        role="tooltip"
        className="invisible absolute top-full left-0 z-20 mt-1 w-72 rounded-md border border-slate-300 bg-white p-2 font-sans text-xs whitespace-normal text-slate-800 shadow-lg group-focus-within:visible group-hover:visible dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
      >
        <span className="font-semibold">{term.term}</span>: {term.explanation}{' '}
        <GatedLink url={gateOwnUrl(term.spec.url)} className="text-sky-800 underline dark:text-sky-300">
          {term.spec.label}
        </GatedLink>
      </span>
    </span>
  );
}
