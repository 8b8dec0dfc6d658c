import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useExplorerStore } from '../../store/index.ts';

/**
 * A long timeline draws only the rows near what is in view (issue 44). Every row in the
 * document, each skipping layout offscreen (content-visibility), still cost the browser a
 * pass over all of them each frame: on a 1,814-step imported trace a Next took 280 ms of
 * main thread, 54 ms with the list hidden. A run up to WINDOW_FROM_STEPS steps keeps every
 * row in the document (find in page, a screen reader's list of every step); a longer one
 * is a window, with space above and below it the size of the rows it leaves out.
 */
export const WINDOW_FROM_STEPS = 300;
/** Each left-out step's room, as ROW_STYLE guesses a row offscreen. */
export const ROW_ESTIMATE_PX = 52;
/** Rows drawn past each edge of the view, so a scroll or an arrow key meets a drawn row. */
const OVERSCAN = 12;
/** Until the list is measured, rows as for a tall window. */
const ROWS_IN_VIEW_GUESS = 20;

export type TimelineWindow = {
  windowed: boolean;
  start: number;
  end: number;
  /** The room of the steps left out above and below, in px. */
  spaceBefore: number;
  spaceAfter: number;
  /** Focuses step `index`'s row, drawing it first when it is out of the window. */
  focusStep: (index: number) => void;
};

function findRow(list: HTMLElement | null, index: number): HTMLButtonElement | null {
  return list?.querySelector<HTMLButtonElement>(`[data-testid="timeline-step"][data-index="${index}"]`) ?? null;
}

export function useTimelineWindow(listRef: RefObject<HTMLElement | null>, count: number): TimelineWindow {
  const windowed = count > WINDOW_FROM_STEPS;
  const [view, setView] = useState({ first: 0, rows: ROWS_IN_VIEW_GUESS });
  const pendingFocus = useRef<number | null>(null);
  const start = windowed ? Math.max(0, Math.min(view.first - OVERSCAN, count - view.rows - 2 * OVERSCAN)) : 0;
  const end = windowed ? Math.min(count, Math.max(start, 0) + view.rows + 2 * OVERSCAN) : count;

  const readView = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const first = Math.floor(list.scrollTop / ROW_ESTIMATE_PX);
    const rows = Math.max(1, Math.ceil(list.clientHeight / ROW_ESTIMATE_PX));
    setView((old) => (old.first === first && old.rows === rows ? old : { first, rows }));
  }, [listRef]);

  useEffect(() => {
    const list = listRef.current;
    if (!windowed || !list) return;
    readView();
    list.addEventListener('scroll', readView, { passive: true });
    return () => list.removeEventListener('scroll', readView);
  }, [listRef, readView, windowed]);

  // A step out of the window (a jump, the scrubber, Next) scrolls the list to its room, which moves the
  // window to it; its row, drawn current, then brings itself into view exactly (TimelineRow). Only a change
  // of step does: the learner may scroll away from the step on show. The list does not re-render per step.
  const range = useRef({ start, end });
  useEffect(() => {
    range.current = { start, end };
  });
  useEffect(() => {
    if (!windowed) return;
    return useExplorerStore.subscribe((state, previous) => {
      const list = listRef.current;
      if (!list || state.cursor === previous.cursor || state.cursor < 0) return;
      if (state.cursor >= range.current.start && state.cursor < range.current.end) return;
      list.scrollTop = Math.max(0, state.cursor * ROW_ESTIMATE_PX - list.clientHeight / 2);
      readView();
    });
  }, [listRef, readView, windowed]);

  useEffect(() => {
    if (pendingFocus.current === null) return;
    const row = findRow(listRef.current, pendingFocus.current);
    if (!row) return;
    pendingFocus.current = null;
    row.focus();
  });

  const focusStep = useCallback(
    (index: number) => {
      const list = listRef.current;
      const row = findRow(list, index);
      if (row || !list) return row?.focus();
      pendingFocus.current = index;
      list.scrollTop = Math.max(0, index * ROW_ESTIMATE_PX - list.clientHeight / 2);
      readView();
    },
    [listRef, readView],
  );

  return { windowed, start, end, spaceBefore: start * ROW_ESTIMATE_PX, spaceAfter: (count - end) * ROW_ESTIMATE_PX, focusStep };
}
