import type { ReactNode } from 'react';
import { moveBetweenTabs } from './tab-keys.ts';

export type TabChoice<Id> = { id: Id; label: ReactNode; disabled?: boolean };

/**
 * A tablist of buttons the arrows move through (moveBetweenTabs): only the chosen tab is in
 * the Tab order, so Tab goes on to the panel. Each list draws its tabs its own way.
 */
export function TabList<Id extends string | number>({
  label,
  tabs,
  chosen,
  onChoose,
  className,
  tabClassName,
  keyShortcuts,
}: {
  label: string;
  tabs: readonly TabChoice<Id>[];
  chosen: Id;
  onChoose: (id: Id) => void;
  className: string;
  tabClassName: (selected: boolean) => string;
  keyShortcuts?: string;
}) {
  return (
    <div role="tablist" aria-label={label} className={className} aria-keyshortcuts={keyShortcuts} onKeyDown={moveBetweenTabs}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          type="button"
          role="tab"
          aria-selected={chosen === tab.id}
          tabIndex={chosen === tab.id ? 0 : -1}
          disabled={tab.disabled}
          onClick={() => onChoose(tab.id)}
          className={tabClassName(chosen === tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
