import { useId, useRef, useState, type ReactNode } from 'react';

/**
 * A button that opens a modal dialog: the shell the Compare and Recap dialogs share (a
 * title, a Close button, Esc, the backdrop). The body is rendered only while the dialog
 * is open, so what it costs (six formats' translators, a recap) is paid when asked for.
 */

const DIALOG_CLASS =
  'm-auto rounded-lg border border-slate-300 bg-white text-slate-900 shadow-xl backdrop:bg-slate-900/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

export type DialogButtonProps = {
  label: ReactNode;
  buttonClassName: string;
  buttonTestId?: string;
  title: ReactNode;
  /** Size and padding of the dialog; "fill" lays the body out to take the height left under the title. */
  dialogClassName: string;
  dialogTestId?: string;
  fill?: boolean;
  children: ReactNode;
};

export function DialogButton({ label, buttonClassName, buttonTestId, title, dialogClassName, dialogTestId, fill = false, children }: DialogButtonProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
          // React's autoFocus would run at mount, while the dialog is closed: Close takes the focus once it is shown.
          close.current?.focus();
        }}
        className={buttonClassName}
        data-testid={buttonTestId}
      >
        {label}
      </button>
      <dialog ref={dialog} onClose={() => setOpen(false)} aria-labelledby={titleId} className={`${DIALOG_CLASS} ${dialogClassName}`} data-testid={dialogTestId}>
        <div className={fill ? 'flex h-full min-h-0 flex-col gap-3' : undefined}>
          <div className="flex items-center justify-between gap-3">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <form method="dialog">
              <button ref={close} type="submit" className="rounded-md border border-slate-300 px-3 py-1 text-sm dark:border-slate-600">
                Close
              </button>
            </form>
          </div>
          {fill ? <div className="min-h-0 flex-1">{open && children}</div> : open && children}
        </div>
      </dialog>
    </>
  );
}
