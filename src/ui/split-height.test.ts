import { describe, expect, it } from 'vitest';
import { clampHeight, describeHeightBounds, resizeByKey } from './split-height.ts';

describe('the split between graph and inspector', () => {
  const bounds = describeHeightBounds({ windowHeight: 1040, roomy: true });

  it("leaves the rest of the window its room (more when the page is the window's height), and a short window still a range", () => {
    expect(bounds).toEqual({ min: 160, max: 480 });
    expect(describeHeightBounds({ windowHeight: 720, roomy: false })).toEqual({ min: 160, max: 520 });
    // A 720-line laptop's squat layout: the graph may take up to 280 px, the inspector beside the timeline keeps the rest.
    expect(describeHeightBounds({ windowHeight: 720, roomy: true })).toEqual({ min: 160, max: 280 });
    expect(describeHeightBounds({ windowHeight: 300, roomy: false })).toEqual({ min: 160, max: 160 });
  });

  it('moves by a line on the arrows, by more on Page Up/Down, to the ends on Home/End, and never past them', () => {
    expect(resizeByKey({ key: 'ArrowDown', height: 300, bounds })).toBe(324);
    expect(resizeByKey({ key: 'ArrowUp', height: 300, bounds })).toBe(276);
    expect(resizeByKey({ key: 'PageDown', height: 300, bounds })).toBe(420);
    expect(resizeByKey({ key: 'PageUp', height: 300, bounds })).toBe(180);
    expect(resizeByKey({ key: 'Home', height: 300, bounds })).toBe(160);
    expect(resizeByKey({ key: 'End', height: 300, bounds })).toBe(480);
    expect(resizeByKey({ key: 'ArrowUp', height: 170, bounds })).toBe(160);
    expect(resizeByKey({ key: 'PageDown', height: 470, bounds })).toBe(480);
  });

  it('leaves other keys to the page (Right and Left still step the run)', () => {
    expect(resizeByKey({ key: 'ArrowRight', height: 300, bounds })).toBeUndefined();
    expect(resizeByKey({ key: ' ', height: 300, bounds })).toBeUndefined();
  });

  it('clamps a dragged height and rounds it to a pixel', () => {
    expect(clampHeight({ height: 9999, bounds })).toBe(480);
    expect(clampHeight({ height: 10, bounds })).toBe(160);
    expect(clampHeight({ height: 300.6, bounds })).toBe(301);
  });
});
