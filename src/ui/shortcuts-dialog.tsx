import { useEffect, useRef } from 'react';
import { setShortcutsOpen, useExplorerStore, type ExplorerState } from '../store/index.ts';
import { SHORTCUTS } from './shortcuts.ts';

const selectOpen = (state: ExplorerState) => state.shortcutsOpen;

/** The overlay that `?` opens: every shortcut, from the same list the keyboard handler uses. */
export function ShortcutsDialog() {
  const open = useExplorerStore(selectOpen);
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // Not React's autoFocus: that calls focus() when the closed dialog mounts, in the first render's commit, where it
      // forced a style and layout of the whole page (40 ms) before step 1 could be painted, and focused nothing.
      close.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="shortcuts-title"
      onClose={() => setShortcutsOpen(false)}
      className="m-auto w-[30rem] max-w-[95vw] rounded-lg border border-slate-300 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      data-testid="shortcuts-dialog"
    >
      <h2 id="shortcuts-title" className="text-lg font-semibold">
        Keyboard shortcuts
      </h2>
      <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.action} className="contents">
            <dt>
              {shortcut.keys.map((key) => (
                <kbd key={key} className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-800">
                  {key}
                </kbd>
              ))}
            </dt>
            <dd>{shortcut.action}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog" className="mt-4 flex justify-end">
        <button ref={close} type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-600">
          Close
        </button>
      </form>
    </dialog>
  );
}
