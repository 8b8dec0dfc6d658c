import { setViewPreferences, useExplorerStore, type ExplorerState } from '../../store/index.ts';

const selectInspectorLayout = (state: ExplorerState) => state.preferences.inspectorLayout;

/** The inspector alone on the page (F), and back. In the inspector's own header, so it costs no line of the payload. */
export function FullScreenButton() {
  const layout = useExplorerStore(selectInspectorLayout);
  return (
    <button
      type="button"
      onClick={() => setViewPreferences({ inspectorLayout: layout === 'full' ? 'split' : 'full' })}
      className="shrink-0 rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800"
      aria-keyshortcuts="F"
    >
      {layout === 'full' ? 'Exit full screen' : 'Full screen'}
    </button>
  );
}
