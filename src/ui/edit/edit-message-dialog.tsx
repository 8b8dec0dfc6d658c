import { useRef, useState } from 'react';
import { sendEditedMessage, useExplorerStore, type ExplorerState } from '../../store/index.ts';

const selectEditable = (state: ExplorerState) =>
  state.cursor === state.steps.length - 1 && state.pending?.editable && state.source.kind === 'live' ? state.pending : null;

/** Reads the edited text as JSON, or says where it is broken. */
function readJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: `This is not valid JSON: ${error instanceof Error ? error.message : String(error)}. Nothing was sent.` };
  }
}

/** The message as JSON text, and why it cannot be sent when it is not JSON. */
function MessageField({ text, onChange, error }: { text: string; onChange: (text: string) => void; error: string | null }) {
  return (
    <>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600 dark:text-slate-300">
        Message (JSON)
        <textarea
          value={text}
          onChange={(event) => onChange(event.target.value)}
          rows={18}
          spellCheck={false}
          className="rounded-md border border-slate-300 bg-white p-2 font-mono text-[13px] text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
          aria-invalid={error !== null}
          aria-describedby={error ? 'edit-error' : undefined}
        />
      </label>
      {error && (
        <p id="edit-error" role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * Intercept and edit: the message waiting at the host's gate can be changed before it
 * leaves, to see what the other side does with it. The edited message is sent for real
 * and marked as edited in the trace.
 */
export function EditMessageButton() {
  const pending = useExplorerStore(selectEditable);
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!pending) return null;
  return (
    <>
      <button
        type="button"
        className="rounded border border-amber-400 bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 hover:bg-amber-100 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        onClick={() => {
          setText(JSON.stringify(pending.payload, null, 2) ?? '');
          setError(null);
          dialog.current?.showModal();
        }}
      >
        Edit before sending
      </button>
      <dialog
        ref={dialog}
        aria-labelledby="edit-title"
        className="m-auto w-[48rem] max-w-[95vw] rounded-lg border border-slate-300 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = readJson(text);
            if (!parsed.ok) {
              setError(parsed.error);
              return;
            }
            dialog.current?.close();
            sendEditedMessage(parsed.value);
          }}
        >
          <h2 id="edit-title" className="text-lg font-semibold">
            Edit before sending: {pending.title}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            This message has not left yet. Change it and send it: the other side receives exactly this, and the trace marks the step as edited. A JSON-RPC
            message keeps its id and method, because the client waits for the answer to its own id.
          </p>
          <MessageField text={text} onChange={setText} error={error} />
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-600"
            >
              Cancel
            </button>
            <button
              type="submit"
              className="rounded-md border border-slate-900 bg-slate-900 px-3 py-1.5 text-sm text-white dark:border-slate-100 dark:bg-slate-100 dark:text-slate-900"
            >
              Send edited message
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
