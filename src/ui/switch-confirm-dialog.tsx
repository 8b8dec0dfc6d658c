import { useEffect, useRef } from 'react';
import { useExplorerStore, type ExplorerState } from '../store/index.ts';

/** What the learner asked to switch to, and how to do it once they confirm. */
export type SwitchRequest = { what: string; apply: () => void };

/**
 * A run is in progress once its first step is recorded and until it ends: switching then
 * throws away real traffic the learner may be halfway through reading, so it asks first.
 */
export const selectRunInProgress = (state: ExplorerState): boolean => state.source.kind === 'live' && state.status === 'running' && state.steps.length > 0;

/** Runs the switch at once when no run is in progress; otherwise hands it to the dialog. */
export function guardSwitch({ request, ask }: { request: SwitchRequest; ask: (request: SwitchRequest) => void }): void {
  if (selectRunInProgress(useExplorerStore.getState())) ask(request);
  else request.apply();
}

/** "This ends the run on show…": Switch starts over with the new choice, Keep (or Esc) leaves everything as it was. */
export function SwitchConfirmDialog({ request, close }: { request: SwitchRequest | null; close: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  // Where the learner was (the select or the era switch): a modal dialog must hand focus back there when it closes.
  const returnTo = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (request && !element.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      // React's autoFocus ran while the dialog was closed, when Keep could not take focus: Keep, the safe choice, takes it now.
      keep.current?.focus();
    }
    if (!request && element.open) element.close();
    if (!request && returnTo.current) {
      returnTo.current.focus();
      returnTo.current = null;
    }
  }, [request]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="switch-title"
      aria-describedby="switch-text"
      onClose={close}
      className="m-auto w-[28rem] max-w-[95vw] rounded-lg border border-slate-300 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      data-testid="switch-confirm"
    >
      <h2 id="switch-title" className="text-lg font-semibold">
        Switch to {request?.what}?
      </h2>
      <p id="switch-text" className="mt-2 text-sm">
        This ends the run on show: its steps so far are discarded and the lifecycle starts over with {request?.what}. Keep stays on this run, where you were.
      </p>
      <div className="mt-4 flex justify-end gap-2">
        <button ref={keep} type="button" onClick={close} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-600">
          Keep
        </button>
        <button
          type="button"
          onClick={() => {
            request?.apply();
            close();
          }}
          className="rounded-md border border-slate-900 bg-slate-900 px-3 py-1.5 text-sm text-white dark:border-slate-100 dark:bg-slate-100 dark:text-slate-900"
        >
          Switch
        </button>
      </div>
    </dialog>
  );
}
