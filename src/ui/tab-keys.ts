import type { KeyboardEvent } from 'react';

/**
 * Left and Right (Home, End) move between a tablist's tabs and choose the tab reached, as the
 * WAI-ARIA practices' tabs with automatic activation do; with only the chosen tab in the Tab
 * order (tabIndex 0, the others -1), Tab goes on to the tab's panel.
 */
export function moveBetweenTabs(event: KeyboardEvent<HTMLElement>): void {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not([disabled])')];
  const at = tabs.findIndex((tab) => tab === event.target);
  if (at < 0) return;
  const target = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (target === undefined) return;
  event.preventDefault();
  const tab = tabs[(target + tabs.length) % tabs.length];
  tab?.focus();
  tab?.click();
}
