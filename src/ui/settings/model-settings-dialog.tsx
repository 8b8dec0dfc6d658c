import { lazy, Suspense, useRef, useState } from 'react';
import { findWireInfo } from '../../providers/index.ts';
import { useExplorerStore, type ExplorerState } from '../../store/index.ts';
import type { ModelSettings } from '../../store/index.ts';
import { ViewBoundary } from '../view-boundary.tsx';

// The form is not needed for the first paint.
const ModelSettingsForm = lazy(() => import('./model-settings-form.tsx').then((module) => ({ default: module.ModelSettingsForm })));

const selectModel = (state: ExplorerState) => state.model;

export function describeModel(model: ModelSettings): string {
  if (model.kind === 'tab') return 'Model in this tab · no HTTP';
  const wire = findWireInfo(model.wire);
  const who = model.kind === 'mock' ? 'Mock model' : (model.real[model.wire]?.model ?? 'real model');
  return `${who} · ${wire?.label ?? model.wire}`;
}

/** Chooses the wire format and the model: the built-in mock, or a real provider with the learner's key. */
export function ModelSettingsButton() {
  const model = useExplorerStore(selectModel);
  const dialog = useRef<HTMLDialogElement>(null);
  const [openCount, setOpenCount] = useState(0);
  return (
    <>
      <button
        type="button"
        className="rounded-md border border-slate-300 px-3 py-1.5 text-left text-sm whitespace-nowrap hover:bg-slate-50 dark:border-slate-600 dark:hover:bg-slate-800"
        onClick={() => {
          setOpenCount((count) => count + 1);
          dialog.current?.showModal();
        }}
        data-testid="model-settings-button"
      >
        {/* Said to everyone, shown where the header has room for it: on a 1024-wide screen the header's tools then keep to one row. */}
        <span className="sr-only text-slate-500 xl:not-sr-only dark:text-slate-400">Model: </span>
        {describeModel(model)}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="model-settings-title"
        className="m-auto w-[34rem] max-w-[95vw] rounded-lg border border-slate-300 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {openCount > 0 && (
          <ViewBoundary key={openCount} view="model settings">
            <Suspense fallback={<p className="p-5 text-sm text-slate-500">Loading the settings…</p>}>
              <ModelSettingsForm close={() => dialog.current?.close()} />
            </Suspense>
          </ViewBoundary>
        )}
      </dialog>
    </>
  );
}
