/**
 * How the learner likes to look at the lifecycle: theme, presenter mode, the main view,
 * the inspector's size and the playback speed. Kept on this device; nothing secret.
 */
export type Theme = 'system' | 'light' | 'dark';
export type MainView = 'graph' | 'sequence';
export type InspectorLayout = 'split' | 'full';

export type ViewPreferences = {
  theme: Theme;
  presenter: boolean;
  view: MainView;
  inspectorLayout: InspectorLayout;
  /** Milliseconds between steps while playing. */
  intervalMs: number;
};

export const PLAYBACK_SPEEDS = [
  { label: '0.5×', intervalMs: 2800 },
  { label: '1×', intervalMs: 1400 },
  { label: '2×', intervalMs: 700 },
  { label: '4×', intervalMs: 350 },
] as const;

// index.html reads the theme under this key before the first paint (tested in view-preferences.test.ts).
export const VIEW_STORAGE_KEY = 'mcp-lifecycle-explorer.view';

export function defaultViewPreferences(): ViewPreferences {
  return { theme: 'system', presenter: false, view: 'graph', inspectorLayout: 'split', intervalMs: 1400 };
}

export function loadViewPreferences(): ViewPreferences {
  const defaults = defaultViewPreferences();
  let saved: Partial<Record<keyof ViewPreferences, unknown>> | null = null;
  try {
    saved = JSON.parse(globalThis.localStorage?.getItem(VIEW_STORAGE_KEY) ?? 'null');
  } catch {
    saved = null;
  }
  if (typeof saved !== 'object' || saved === null) return defaults;
  return {
    theme: saved.theme === 'light' || saved.theme === 'dark' ? saved.theme : 'system',
    presenter: saved.presenter === true,
    view: saved.view === 'sequence' ? 'sequence' : 'graph',
    inspectorLayout: saved.inspectorLayout === 'full' ? 'full' : 'split',
    intervalMs: PLAYBACK_SPEEDS.some((speed) => speed.intervalMs === saved?.intervalMs) ? (saved.intervalMs as number) : defaults.intervalMs,
  };
}

export function saveViewPreferences(preferences: ViewPreferences): void {
  try {
    globalThis.localStorage?.setItem(VIEW_STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    // Preferences then last until the page closes.
  }
}
