import { useEffect, useSyncExternalStore } from 'react';
import { useExplorerStore, type ExplorerState } from '../store/index.ts';

const darkQuery = '(prefers-color-scheme: dark)';
const selectTheme = (state: ExplorerState) => state.preferences.theme;
const selectPresenter = (state: ExplorerState) => state.preferences.presenter;

function subscribeToScheme(onChange: () => void): () => void {
  const list = globalThis.matchMedia?.(darkQuery);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the page is dark: the learner's choice, or the system's when they chose "system". */
export function useIsDark(): boolean {
  const theme = useExplorerStore(selectTheme);
  const systemDark = useSyncExternalStore(
    subscribeToScheme,
    () => globalThis.matchMedia?.(darkQuery).matches ?? false,
    () => false,
  );
  return theme === 'dark' || (theme === 'system' && systemDark);
}

/** Puts the theme and presenter mode on <html>, where the styles read them. */
export function useDocumentPreferences(): void {
  const dark = useIsDark();
  const presenter = useExplorerStore(selectPresenter);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  useEffect(() => {
    document.documentElement.classList.toggle('presenter', presenter);
  }, [presenter]);
}
