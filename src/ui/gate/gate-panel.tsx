import type { ReactNode } from 'react';

export const BUTTON = 'rounded-md border px-3 py-1.5 text-sm font-medium';
export const PRIMARY = `${BUTTON} border-slate-900 bg-slate-900 text-white dark:border-slate-100 dark:bg-slate-100 dark:text-slate-900`;
export const SECONDARY = `${BUTTON} border-slate-400 text-slate-900 dark:border-slate-500 dark:text-slate-100`;

/** Marks a gate's row of answer buttons: it stays at the foot of the panel while the rest scrolls. */
export const GATE_ACTIONS = { 'data-gate-actions': '' } as const;

/**
 * The frame every answer gate shares: a named region, so it is found and read as one. It
 * sits at the top of the inspector's panel (src/ui/app.tsx), at most 15rem high, so a long
 * form scrolls inside it rather than taking the graph's room; its answer buttons stay in
 * view at its foot.
 */
export function GatePanel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className="flex max-h-60 min-h-0 flex-col gap-2 overflow-y-auto rounded-md border border-amber-400 bg-amber-50 px-3 pt-3 text-sm text-slate-900 dark:border-amber-700 dark:bg-amber-950 dark:text-slate-100 [&_[data-gate-actions]]:sticky [&_[data-gate-actions]]:bottom-0 [&_[data-gate-actions]]:bg-amber-50 [&_[data-gate-actions]]:pb-3 [&_[data-gate-actions]]:pt-1 dark:[&_[data-gate-actions]]:bg-amber-950"
    >
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}
