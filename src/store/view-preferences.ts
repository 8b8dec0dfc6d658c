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
  /** The graph's height in CSS pixels, chosen on the split between graph and inspector; null: the layout's own. */
  graphHeight: number | null;
};

/** The bounds of a graph height read back from storage (the page clamps it to the window as well). */
const GRAPH_HEIGHT_RANGE = { min: 120, max: 2000 } as const;

function readGraphHeight(saved: unknown): number | null {
  return typeof saved === 'number' && Number.isFinite(saved) && saved >= GRAPH_HEIGHT_RANGE.min && saved <= GRAPH_HEIGHT_RANGE.max ? Math.round(saved) : null;
}

export const PLAYBACK_SPEEDS = [
  { label: '0.5×', intervalMs: 2800 },
  { label: '1×', intervalMs: 1400 },
  { label: '2×', intervalMs: 700 },
  { label: '4×', intervalMs: 350 },
] as const;

// index.html reads the theme under this key before the first paint (tested in view-preferences.test.ts).
export const VIEW_STORAGE_KEY = 'mcp-lifecycle-explorer.view';

export function defaultViewPreferences(): ViewPreferences {
  return { theme: 'system', presenter: false, view: 'graph', inspectorLayout: 'split', intervalMs: 1400, graphHeight: null };
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
    graphHeight: readGraphHeight(saved.graphHeight),
  };
}

export function saveViewPreferences(preferences: ViewPreferences): void {
  try {
    globalThis.localStorage?.setItem(VIEW_STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    // Preferences then last until the page closes.
  }
}
