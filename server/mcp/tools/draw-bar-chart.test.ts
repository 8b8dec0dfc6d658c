import { describe, expect, it } from 'vitest';
import { decodePalettePng } from '../../../tests/helpers/decode-png.ts';
import { CHART_COLOR, CHART_HEIGHT, CHART_WIDTH, drawBarChart, renderBarChart } from './draw-bar-chart.ts';

const context = { signal: new AbortController().signal, reportProgress: async () => {} };

/** How many pixels of a colour lie in one column of the image. */
function countInColumn(pixels: Uint8Array, x: number, color: number): number {
  let count = 0;
  for (let y = 0; y < CHART_HEIGHT; y += 1) if (pixels[y * CHART_WIDTH + x] === color) count += 1;
  return count;
}

describe('renderBarChart', () => {
  it('draws taller bars for larger values', () => {
    const { pixels } = renderBarChart([1, 4]);
    const firstBar = countInColumn(pixels, 50, CHART_COLOR.positiveBar);
    const secondBar = countInColumn(pixels, 145, CHART_COLOR.positiveBar);
    expect(firstBar).toBeGreaterThan(0);
    expect(secondBar).toBeGreaterThan(firstBar * 3);
  });

  it('draws negative values in their own colour, below the zero line', () => {
    const { pixels } = renderBarChart([2, -2]);
    expect(countInColumn(pixels, 145, CHART_COLOR.negativeBar)).toBeGreaterThan(0);
    expect(countInColumn(pixels, 145, CHART_COLOR.positiveBar)).toBe(0);
  });

  it('copes with all zeros and with twelve bars', () => {
    expect(() => renderBarChart([0, 0, 0])).not.toThrow();
    expect(renderBarChart(Array.from({ length: 12 }, (_, index) => index)).pixels).toHaveLength(CHART_WIDTH * CHART_HEIGHT);
  });
});

describe('draw_bar_chart', () => {
  it('returns a PNG image block that decodes to 200×120, and a text block describing it', async () => {
    const input = { values: [3, 7, 2], title: 'Apples' };
    const result = drawBarChart.present(await drawBarChart.handler(input, context), input);
    const [image, text] = result.content as [{ type: 'image'; data: string; mimeType: string }, { type: 'text'; text: string }];
    expect(image).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const decoded = decodePalettePng(Buffer.from(image.data, 'base64'));
    expect(decoded).toMatchObject({ width: 200, height: 120 });
    expect(decoded.chunks.every((chunk) => chunk.crcValid)).toBe(true);
    expect(text.text).toBe('Bar chart "Apples": 3 bars (3, 7, 2). The highest is bar 2 (7). A 200×120 PNG image.');
  });

  it('refuses no values and more than twelve', () => {
    expect(drawBarChart.input.safeParse({ values: [] }).success).toBe(false);
    expect(drawBarChart.input.safeParse({ values: Array.from({ length: 13 }, () => 1) }).success).toBe(false);
  });
});
