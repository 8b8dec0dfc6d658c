import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { setViewPreferences, useExplorerStore, type ExplorerState } from '../store/index.ts';
import { clampHeight, describeHeightBounds, resizeByKey, type HeightBounds } from './split-height.ts';

const selectGraphHeight = (state: ExplorerState) => state.preferences.graphHeight;
/** The element whose height the split sets (LifecyclePanel's graph or sequence view). */
export const GRAPH_VIEW_ID = 'main-view';

/** The layout's roomy variant (src/index.css): the page is the window's height. */
const ROOMY_QUERY = '(min-width: 64rem) and (min-height: 37.5rem)';

function readBounds(): HeightBounds {
  return describeHeightBounds({ windowHeight: window.innerHeight, roomy: window.matchMedia(ROOMY_QUERY).matches });
}

/** The graph's height as drawn, followed as the layout changes it (the window, presenter mode, a chosen height). */
function useDrawnHeight(): number | null {
  const [drawn, setDrawn] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = document.getElementById(GRAPH_VIEW_ID);
    if (!element) return;
    const observer = new ResizeObserver(() => setDrawn(Math.round(element.getBoundingClientRect().height)));
    // A ResizeObserver reports the size it first sees, so the drawn height is known from the first frame.
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return drawn;
}

/**
 * The separator under the graph, in the gap between its panel and the inspector's (so it
 * takes none of the graph's room, and its 24 px reach into both panels' padding): drag it, or focus it and use the arrows (Page Up/Down,
 * Home, End), to give the graph or the inspector more of the page. The height is a view
 * preference, so it is kept on this device like the theme.
 */
export function GraphSplit() {
  const chosen = useExplorerStore(selectGraphHeight);
  const drag = useRef<{ startY: number; startHeight: number } | null>(null);
  const [bounds, setBounds] = useState(readBounds);
  useEffect(() => {
    const onResize = () => setBounds(readBounds());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const drawn = useDrawnHeight();
  // The one chosen, else what the layout drew; the keys and a drag start from it.
  const height = chosen ?? drawn ?? bounds.min;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const resized = resizeByKey({ key: event.key, height, bounds });
    if (resized === undefined) return;
    // Handled here: the page's shortcuts skip a key whose default was prevented.
    event.preventDefault();
    setViewPreferences({ graphHeight: resized });
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startY: event.clientY, startHeight: height };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setViewPreferences({ graphHeight: clampHeight({ height: drag.current.startHeight + event.clientY - drag.current.startY, bounds }) });
  };
  const endDrag = () => {
    drag.current = null;
  };
  return (
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label="Graph and inspector split"
      aria-controls={GRAPH_VIEW_ID}
      aria-valuenow={height}
      aria-valuemin={bounds.min}
      aria-valuemax={bounds.max}
      aria-valuetext={`The graph is ${height} pixels high`}
      title="Drag, or focus and press the Up and Down arrows, to give the graph or the inspector more room"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onDoubleClick={() => setViewPreferences({ graphHeight: null })}
      className="group absolute inset-x-0 -bottom-4 z-10 flex h-6 cursor-row-resize touch-none items-center justify-center rounded sm:-bottom-[18px]"
      data-testid="graph-split"
    >
      <span className="h-1 w-12 rounded-full bg-slate-400 group-hover:bg-slate-600 dark:bg-slate-500 dark:group-hover:bg-slate-300" aria-hidden="true" />
    </div>
  );
}
