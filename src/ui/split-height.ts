/**
 * The split between graph and inspector, as arithmetic: the graph's height in CSS pixels,
 * kept inside bounds the window gives (the inspector keeps room for a step's lesson line).
 */

export type HeightBounds = { min: number; max: number };

/** One arrow press moves the split a line of text; Page Up/Down a larger stride. */
const ARROW_STEP_PX = 24;
const PAGE_STEP_PX = 120;
const MIN_GRAPH_PX = 160;
/**
 * What the rest of the window needs beside the graph. Roomy, the page is the window's height: the header, the caption,
 * the controls and an inspector of 20rem share it with the graph. Cramped, the page scrolls: the graph may nearly fill
 * the window, and the header and the playback bar fixed at its foot keep theirs.
 */
const RESERVED_PX = { roomy: 560, squat: 440, cramped: 200 } as const;
/** src/index.css's squat variant: roomy, under 56rem high (a 720- or 768-line screen), the inspector shares its row with the timeline and keeps about 12rem. */
const SQUAT_BELOW_PX = 896;

/** The bounds for a window this high: at least the minimum, so a short window still has a range of one. */
export function describeHeightBounds({ windowHeight, roomy }: { windowHeight: number; roomy: boolean }): HeightBounds {
  const reserved = RESERVED_PX[!roomy ? 'cramped' : windowHeight < SQUAT_BELOW_PX ? 'squat' : 'roomy'];
  return { min: MIN_GRAPH_PX, max: Math.max(MIN_GRAPH_PX, Math.round(windowHeight - reserved)) };
}

export function clampHeight({ height, bounds }: { height: number; bounds: HeightBounds }): number {
  return Math.round(Math.min(bounds.max, Math.max(bounds.min, height)));
}

/** The height after a key on the separator, or undefined when the key is not one of the separator's (it then goes on to the page). */
export function resizeByKey({ key, height, bounds }: { key: string; height: number; bounds: HeightBounds }): number | undefined {
  switch (key) {
    case 'ArrowUp':
      return clampHeight({ height: height - ARROW_STEP_PX, bounds });
    case 'ArrowDown':
      return clampHeight({ height: height + ARROW_STEP_PX, bounds });
    case 'PageUp':
      return clampHeight({ height: height - PAGE_STEP_PX, bounds });
    case 'PageDown':
      return clampHeight({ height: height + PAGE_STEP_PX, bounds });
    case 'Home':
      return bounds.min;
    case 'End':
      return bounds.max;
    default:
      return undefined;
  }
}
