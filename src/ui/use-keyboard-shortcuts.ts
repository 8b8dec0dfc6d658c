import { useLayoutEffect } from 'react';
import { back, next, reset, setShortcutsOpen, setViewPreferences, togglePlay } from '../store/actions.ts';
import { useExplorerStore } from '../store/explorer-store.ts';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['radio', 'checkbox', 'button'].includes(target.type);
  return false;
}

/** The shortcuts of SHORTCUTS (shortcuts.ts); never while the learner is typing or moving in a tree. */
export function useKeyboardShortcuts(): void {
  // A layout effect, not a passive one: the keys must work from the first frame that shows
  // Next, and a passive effect runs a task later, so a learner (or a test) pressing → at once
  // after the page appeared lost that press.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      // An open dialog owns the keyboard (Esc closes it, Tab stays inside).
      if (document.querySelector('dialog[open]')) return;
      const inTree = event.target instanceof HTMLElement && event.target.closest('[role="tree"]') !== null;
      switch (event.key) {
        case 'ArrowRight':
          if (inTree) return;
          next();
          break;
        case 'ArrowLeft':
          if (inTree) return;
          back();
          break;
        case ' ':
          togglePlay();
          break;
        case 'r':
        case 'R':
          reset();
          break;
        case 'v':
        case 'V': {
          const { view } = useExplorerStore.getState().preferences;
          setViewPreferences({ view: view === 'graph' ? 'sequence' : 'graph' });
          break;
        }
        case 'f':
        case 'F': {
          const { inspectorLayout } = useExplorerStore.getState().preferences;
          setViewPreferences({ inspectorLayout: inspectorLayout === 'full' ? 'split' : 'full' });
          break;
        }
        case 'p':
        case 'P':
          setViewPreferences({ presenter: !useExplorerStore.getState().preferences.presenter });
          break;
        case '?':
          setShortcutsOpen(true);
          break;
        case 'Escape':
          if (useExplorerStore.getState().preferences.inspectorLayout !== 'full') return;
          setViewPreferences({ inspectorLayout: 'split' });
          break;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
