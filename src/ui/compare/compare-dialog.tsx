import { lazy, Suspense } from 'react';
import { DialogButton } from '../dialog-button.tsx';
import { ViewBoundary } from '../view-boundary.tsx';

// The comparison loads every wire format's translators: only when asked for.
const CompareView = lazy(() => import('./compare-view.tsx').then((module) => ({ default: module.CompareView })));

/** A button that opens translations #1-#3 of this run in all six wire formats, side by side. */
export function CompareFormatsButton() {
  return (
    <DialogButton
      label="Compare all six formats"
      buttonClassName="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
      title="The three translations in every wire format"
      dialogClassName="h-[90vh] w-[95vw] max-w-[110rem] p-4"
      fill
    >
      <ViewBoundary view="comparison">
        <Suspense fallback={<p className="text-sm text-slate-500">Loading the translators…</p>}>
          <CompareView />
        </Suspense>
      </ViewBoundary>
    </DialogButton>
  );
}
