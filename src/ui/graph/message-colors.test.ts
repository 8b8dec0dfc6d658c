import { describe, expect, it } from 'vitest';
import { MESSAGE_COLORS } from './message-colors.ts';

/** WCAG 2's relative luminance of a #rrggbb colour. */
function measureLuminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255);
  const [red, green, blue] = channels.map((channel) => (channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

describe('MESSAGE_COLORS', () => {
  it.each(Object.entries(MESSAGE_COLORS))('%s (%s) carries white label text at AAA contrast', (_kind, color) => {
    const contrast = (1 + 0.05) / (measureLuminance(color) + 0.05);
    expect(contrast).toBeGreaterThanOrEqual(7);
  });
});
