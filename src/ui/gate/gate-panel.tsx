import type { ReactNode } from 'react';

export const BUTTON = 'rounded-md border px-3 py-1.5 text-sm font-medium';
export const PRIMARY = `${BUTTON} border-slate-900 bg-slate-900 text-white dark:border-slate-100 dark:bg-slate-100 dark:text-slate-900`;
export const SECONDARY = `${BUTTON} border-slate-400 text-slate-900 dark:border-slate-500 dark:text-slate-100`;

/**
 * The frame every answer gate shares: a named region, so it is found and read as one. It
 * sits above the graph in a panel of fixed height, so a long form scrolls inside it
 * rather than pushing the controls under the inspector.
 */
export function GatePanel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section aria-label={title} data-testid={testId} className="flex max-h-60 shrink-0 flex-col gap-2 overflow-y-auto rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-slate-900 dark:border-amber-700 dark:bg-amber-950 dark:text-slate-100">
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}
