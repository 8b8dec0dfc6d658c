import { lazy, Suspense, useRef, useState } from 'react';
import { ViewBoundary } from '../view-boundary.tsx';

// The comparison loads every wire format's translators: only when asked for.
const CompareView = lazy(() => import('./compare-view.tsx').then((module) => ({ default: module.CompareView })));

/** A button that opens translations #1-#3 of this run in all six wire formats, side by side. */
export function CompareFormatsButton() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
        className="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        Compare all six formats
      </button>
      <dialog
        ref={dialog}
        onClose={() => setOpen(false)}
        aria-labelledby="compare-title"
        className="m-auto h-[90vh] w-[95vw] max-w-[110rem] rounded-lg border border-slate-300 bg-white p-4 text-slate-900 shadow-xl backdrop:bg-slate-900/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <div className="flex h-full min-h-0 flex-col gap-3">
          <div className="flex items-center justify-between">
            <h2 id="compare-title" className="text-lg font-semibold">The three translations in every wire format</h2>
            <form method="dialog">
              <button type="submit" className="rounded-md border border-slate-300 px-3 py-1 text-sm dark:border-slate-600">
                Close
              </button>
            </form>
          </div>
          <div className="min-h-0 flex-1">
            {open && (
              <ViewBoundary view="comparison">
                <Suspense fallback={<p className="text-sm text-slate-500">Loading the translators…</p>}>
                  <CompareView />
                </Suspense>
              </ViewBoundary>
            )}
          </div>
        </div>
      </dialog>
    </>
  );
}
