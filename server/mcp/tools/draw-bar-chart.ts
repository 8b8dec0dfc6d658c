import { z } from 'zod';
import { defineTool } from '../tool-registry.ts';
import { encodeBase64, encodePalettePng, type PaletteImage, type RgbColor } from './encode-png.ts';

/**
 * A tool whose result is a picture: an image content block (a PNG drawn here, in
 * plain TypeScript) plus a text block that says what the picture shows, for a model
 * or a client that cannot look at images.
 */

export const CHART_WIDTH = 200;
export const CHART_HEIGHT = 120;
const MARGIN = 10;
const GRID_LINES = 4;

/** Palette indices, in the order of CHART_PALETTE. */
export const CHART_COLOR = { background: 0, grid: 1, axis: 2, positiveBar: 3, negativeBar: 4 } as const;
export const CHART_PALETTE: readonly RgbColor[] = [
  [255, 255, 255],
  [226, 232, 240],
  [71, 85, 105],
  [37, 99, 235],
  [234, 88, 12],
];

export type BarChart = { png: string; width: number; height: number };

export const drawBarChart = defineTool({
  name: 'draw_bar_chart',
  description: 'Draws a bar chart of 1 to 12 numbers as a PNG image',
  input: z.strictObject({
    values: z.array(z.number()).min(1).max(12).describe('The height of each bar, 1 to 12 numbers'),
    title: z.string().max(80).optional().describe('What the chart shows'),
  }),
  handler: ({ values }): BarChart => ({
    png: encodeBase64(encodePalettePng(renderBarChart(values))),
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
  }),
  present: (chart, { values, title }) => ({
    content: [
      { type: 'image', data: chart.png, mimeType: 'image/png' },
      { type: 'text', text: describeBarChart(values, title, chart) },
    ],
  }),
});

/** Bars from a zero line (in the middle when some values are negative), over light grid lines. */
export function renderBarChart(values: readonly number[]): PaletteImage {
  const pixels = new Uint8Array(CHART_WIDTH * CHART_HEIGHT).fill(CHART_COLOR.background);
  const fill = (left: number, top: number, right: number, bottom: number, color: number) => {
    for (let y = Math.max(0, top); y < Math.min(CHART_HEIGHT, bottom); y += 1) {
      pixels.fill(color, y * CHART_WIDTH + Math.max(0, left), y * CHART_WIDTH + Math.min(CHART_WIDTH, right));
    }
  };

  const plotTop = MARGIN;
  const plotBottom = CHART_HEIGHT - MARGIN;
  const plotLeft = MARGIN;
  const plotRight = CHART_WIDTH - MARGIN;
  for (let line = 0; line <= GRID_LINES; line += 1) {
    const y = Math.round(plotTop + ((plotBottom - plotTop) * line) / GRID_LINES);
    fill(plotLeft, y, plotRight, y + 1, CHART_COLOR.grid);
  }

  const highest = Math.max(0, ...values);
  const lowest = Math.min(0, ...values);
  const span = highest - lowest || 1; // all zeros: flat bars on the baseline, no division by zero
  const toY = (value: number) => Math.round(plotTop + ((highest - value) / span) * (plotBottom - plotTop));
  const zeroY = toY(0);

  const slot = (plotRight - plotLeft) / values.length;
  const barWidth = Math.max(1, Math.floor(slot * 0.7));
  values.forEach((value, index) => {
    const left = Math.round(plotLeft + index * slot + (slot - barWidth) / 2);
    const valueY = toY(value);
    const color = value < 0 ? CHART_COLOR.negativeBar : CHART_COLOR.positiveBar;
    fill(left, Math.min(valueY, zeroY), left + barWidth, Math.max(valueY, zeroY), color);
  });

  fill(plotLeft - 1, plotTop, plotLeft, plotBottom + 1, CHART_COLOR.axis);
  fill(plotLeft - 1, zeroY, plotRight, zeroY + 1, CHART_COLOR.axis);
  return { width: CHART_WIDTH, height: CHART_HEIGHT, palette: CHART_PALETTE, pixels };
}

function describeBarChart(values: readonly number[], title: string | undefined, chart: BarChart): string {
  const highest = Math.max(...values);
  const tallest = values.indexOf(highest) + 1;
  const negatives = values.filter((value) => value < 0).length;
  return [
    `Bar chart${title ? ` "${title}"` : ''}: ${values.length} bar${values.length === 1 ? '' : 's'} (${values.join(', ')}).`,
    `The highest is bar ${tallest} (${highest}).`,
    negatives > 0 ? `${negatives} bar${negatives === 1 ? ' goes' : 's go'} below the zero line, in orange.` : '',
    `A ${chart.width}×${chart.height} PNG image.`,
  ]
    .filter(Boolean)
    .join(' ');
}
