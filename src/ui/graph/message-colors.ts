import type { StepKind } from '../../trace/index.ts';

/**
 * A travelling message's colour, by kind: the edge, the dot and the label behind its white
 * 11 px text. Dark enough for AAA contrast (7:1), which axe's color-contrast-enhanced asks
 * for, since a projector washes colour out: Tailwind's 800 shades, 7.1 to 9 : 1 on white.
 */
export const MESSAGE_COLORS: Record<StepKind, string> = {
  request: '#075985',
  response: '#065f46',
  notification: '#92400e',
  internal: '#5b21b6',
  fault: '#991b1b',
};
