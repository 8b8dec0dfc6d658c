import { useLayoutEffect } from 'react';
import { back, next, reset, setShortcutsOpen, setViewPreferences, togglePlay, useExplorerStore } from '../store/index.ts';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['radio', 'checkbox', 'button'].includes(target.type);
  return false;
}

/** Controls that Space and Enter activate: the focused one is pressed, ticked or chosen, not Play. */
const ACTIVATED_BY_SPACE =
  'button, a[href], summary, input, [role="button"], [role="tab"], [role="radio"], [role="checkbox"], [role="switch"], [role="menuitem"], [role="option"], [role="treeitem"], [role="link"]';
/** Controls whose arrow keys move within them (a radio group, tabs, a tree, a separator): the arrows there are not Back and Next. */
const MOVED_BY_ARROWS =
  'input[type="radio"], [role="tab"], [role="radio"], [role="slider"], [role="separator"], [role="menuitem"], [role="option"], [role="tree"] *';

/** Whether the focused element does something of its own with this key, as the WAI-ARIA practices say it should. */
export function isOwnKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false;
  if (key === ' ' || key === 'Enter') return target.matches(ACTIVATED_BY_SPACE);
  if (key === 'ArrowLeft' || key === 'ArrowRight' || key === 'ArrowUp' || key === 'ArrowDown') return target.matches(MOVED_BY_ARROWS);
  return false;
}

/** The shortcuts of SHORTCUTS (shortcuts.ts); never while the learner is typing, nor on a key the focused control uses itself. */
export function useKeyboardShortcuts(): void {
  // A layout effect, not a passive one: the keys must work from the first frame that shows
  // Next, and a passive effect runs a task later, so a learner (or a test) pressing → at once
  // after the page appeared lost that press.
  useLayoutEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target) || isOwnKey(event.target, event.key)) return;
      // An open dialog owns the keyboard (Esc closes it, Tab stays inside).
      if (document.querySelector('dialog[open]')) return;
      switch (event.key) {
        case 'ArrowRight':
          next();
          break;
        case 'ArrowLeft':
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
