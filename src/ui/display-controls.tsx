import { setShortcutsOpen, setViewPreferences, useExplorerStore, type ExplorerState } from '../store/index.ts';
import type { Theme } from '../store/index.ts';

const selectPreferences = (state: ExplorerState) => state.preferences;
const control = 'rounded-md border border-slate-300 px-2.5 py-1.5 text-sm hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800';

/** Theme, presenter mode and the shortcuts overlay: for a projector, a dark room, or a newcomer. */
export function DisplayControls() {
  const preferences = useExplorerStore(selectPreferences);
  return (
    <div className="flex items-center gap-2">
      <label className="sr-only" htmlFor="theme">
        Theme
      </label>
      <select id="theme" className={control} value={preferences.theme} onChange={(event) => setViewPreferences({ theme: event.target.value as Theme })}>
        <option value="system">System theme</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
      <button
        type="button"
        className={`${control} ${preferences.presenter ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900' : ''}`}
        aria-pressed={preferences.presenter}
        onClick={() => setViewPreferences({ presenter: !preferences.presenter })}
        aria-keyshortcuts="P"
      >
        Presenter
      </button>
      <button type="button" className={control} onClick={() => setShortcutsOpen(true)} aria-label="Keyboard shortcuts" aria-keyshortcuts="?">
        ?
      </button>
    </div>
  );
}
