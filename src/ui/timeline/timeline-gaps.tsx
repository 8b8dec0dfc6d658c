import type { MissingStep } from '../../content/missing-steps.ts';
import type { SkippedStep } from './skipped-steps.ts';

/**
 * The timeline's rows for what did not happen: the steps a round jumped over, and the
 * steps of the article a finished run never reached, each placed after the step they follow.
 */

/** A step of the article this run never reached, and why. */
export function MissingRow({ missing }: { missing: MissingStep }) {
  return (
    <li className="border-l-4 border-dashed border-slate-300 pl-1 dark:border-slate-700" data-testid="timeline-missing" data-canonical={missing.canonical}>
      <div className="flex items-start gap-2 px-2 py-1.5 text-sm text-slate-600 dark:text-slate-300">
        <span className="mt-0.5 inline-flex h-6 min-w-7 shrink-0 items-center justify-center rounded border border-dashed border-slate-400 font-mono text-xs">
          {missing.canonical}
        </span>
        <span className="min-w-0">
          <span className="block leading-snug line-through decoration-slate-400/60">{missing.title}</span>
          <span className="block text-xs">Did not happen: {missing.reason}</span>
        </span>
      </div>
    </li>
  );
}

/** Steps a round jumped over, one row for a run of them with the same reason (12–17), so the list says it once. */
export function SkippedRow({ skipped }: { skipped: SkippedStep[] }) {
  const first = skipped[0]!;
  const last = skipped.at(-1)!;
  return (
    <li
      className="border-l-4 border-dashed border-red-300 pl-1 dark:border-red-800"
      data-testid="timeline-skipped"
      data-canonicals={skipped.map((entry) => entry.canonical).join(' ')}
      data-round={first.round}
    >
      <div className="flex items-start gap-2 px-2 py-1 text-sm text-slate-600 dark:text-slate-400">
        <span className="mt-0.5 inline-flex h-6 min-w-7 shrink-0 items-center justify-center rounded border border-dashed border-slate-400 px-1 font-mono text-xs">
          {first === last ? first.canonical : `${first.canonical}–${last.canonical}`}
        </span>
        <span className="min-w-0 text-xs leading-snug">
          Did not happen{first.round > 1 ? ` in round ${first.round}` : ''}: {first.reason}
        </span>
      </div>
    </li>
  );
}

/** The skipped steps by the index of the step they come after. */
export function groupByIndex(skipped: SkippedStep[]): Map<number, SkippedStep[]> {
  const groups = new Map<number, SkippedStep[]>();
  for (const entry of skipped) groups.set(entry.afterIndex, [...(groups.get(entry.afterIndex) ?? []), entry]);
  return groups;
}

/** The steps a finished run never reached, by the index of the step they come after. */
export function groupMissingSteps(missing: MissingStep[]): Map<number, MissingStep[]> {
  const groups = new Map<number, MissingStep[]>();
  for (const entry of missing) groups.set(entry.afterIndex, [...(groups.get(entry.afterIndex) ?? []), entry]);
  return groups;
}
