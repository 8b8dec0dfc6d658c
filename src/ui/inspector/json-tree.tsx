import type { KeyboardEvent } from 'react';
import { JsonView, collapseAllNested, defaultStyles, darkStyles } from 'react-json-view-lite';
import 'react-json-view-lite/dist/index.css';
import { useIsDark } from '../use-document-preferences.ts';

const expandFirstLevels = (level: number) => level < 4;

// The library's value colours are too pale for small text on its background, and its focused row is grey (#eee):
// ours meet AAA (7:1) on that grey too, as axe's color-contrast-enhanced asks (a projector washes colour out).
const VALUE_COLORS = {
  stringValue: 'text-emerald-900 dark:text-emerald-300',
  numberValue: 'text-sky-900 dark:text-sky-300',
  booleanValue: 'text-violet-900 dark:text-violet-300',
  nullValue: 'text-slate-700 dark:text-slate-400',
  undefinedValue: 'text-slate-700 dark:text-slate-400',
  otherValue: 'text-slate-800 dark:text-slate-300',
};
const LIGHT_TREE = { ...defaultStyles, ...VALUE_COLORS };
const DARK_TREE = { ...darkStyles, ...VALUE_COLORS };

/**
 * The tree's toggles are spans with role="button" that the library opens on a click only: Space and Enter
 * press them too, as on any button (and so are not taken for Play).
 */
function pressTreeToggle(event: KeyboardEvent<HTMLDivElement>): void {
  if (event.key !== ' ' && event.key !== 'Enter') return;
  const target = event.target;
  if (!(target instanceof HTMLElement) || target instanceof HTMLButtonElement || !target.matches('[role="button"]')) return;
  event.preventDefault();
  target.click();
}

/** A payload as a collapsible tree (react-json-view-lite; arrow keys move through it): json-view.tsx loads it as a chunk of its own. */
export function JsonTree({ value, label, collapsed }: { value: object; label: string; collapsed: boolean }) {
  const dark = useIsDark();
  return (
    <div
      className="overflow-auto rounded-md border border-slate-200 bg-white p-2 font-mono text-[13px] dark:border-slate-700 dark:bg-slate-950"
      onKeyDown={pressTreeToggle}
    >
      <JsonView data={value} shouldExpandNode={collapsed ? collapseAllNested : expandFirstLevels} style={dark ? DARK_TREE : LIGHT_TREE} aria-label={label} />
    </div>
  );
}
