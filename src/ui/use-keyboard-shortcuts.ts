import { useEffect } from 'react';
import { back, next, reset, togglePlay } from '../store/actions.ts';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !['radio', 'checkbox', 'button'].includes(target.type);
  return false;
}

/** → Next, ← Back, Space Play/Pause, R Reset; never while the learner is typing or moving in a tree. */
export function useKeyboardShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
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
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
