import { expect, test, type Locator, type Page } from '@playwright/test';
import { stepUntil } from './helpers.ts';

/**
 * Keyboard focus is visible on every control, the dark ones above all (Next, the current
 * timeline row, a selected tab): a solid ring of at least 2px whose colour has at least
 * 3:1 contrast against the control and against what is around it, in both themes.
 */

type Ring = { style: string; width: number; contrastWithControl: number; contrastWithSurroundings: number };

/** The focus ring's style and its contrasts, with colours read back through a canvas (the page's colours are oklch). */
async function readFocusRing(target: Locator): Promise<Ring> {
  return target.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const toRgb = (color: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a!];
    };
    const luminance = ([r, g, b]: number[]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
    };
    const contrast = (a: number[], b: number[]) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light! + 0.05) / (dark! + 0.05);
    };
    /** The first opaque background at or above an element: what the eye sees there. */
    const backgroundOf = (start: Element | null): number[] => {
      for (let node = start; node; node = node.parentElement) {
        const rgb = toRgb(getComputedStyle(node).backgroundColor);
        if (rgb[3] > 200) return rgb;
      }
      return toRgb(getComputedStyle(document.body).backgroundColor);
    };
    const style = getComputedStyle(element);
    const ring = toRgb(style.outlineColor);
    const offset = parseFloat(style.outlineOffset);
    // An inset ring sits on the control only; one outside it sits on what is around the control.
    const surroundings = offset >= 0 ? backgroundOf(element.parentElement) : backgroundOf(element);
    return {
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      contrastWithControl: contrast(ring, backgroundOf(element)),
      contrastWithSurroundings: contrast(ring, surroundings),
    };
  });
}

async function focusByKeyboard(page: Page, target: Locator): Promise<void> {
  // A key press first: the browser then shows focus as keyboard focus (:focus-visible).
  await page.keyboard.press('Shift');
  await target.focus();
  await expect(target).toBeFocused();
}

for (const theme of ['light', 'dark'] as const) {
  test(`focus is visible on Next, the current timeline row and the selected tabs (${theme} theme)`, async ({ page }) => {
    await page.goto('/');
    await page.locator('#theme').selectOption(theme);
    await stepUntil(page, 'keyboard', 'host.translate-tools');
    const targets: Record<string, Locator> = {
      Next: page.getByRole('button', { name: /^Next/ }),
      'current timeline row': page.locator('[data-testid="timeline-step"][aria-current="step"]'),
      'selected view tab': page.getByRole('tab', { name: 'Graph', selected: true }),
      'selected inspector tab': page.getByTestId('inspector').getByRole('tab', { selected: true }),
    };
    for (const [name, target] of Object.entries(targets)) {
      const unfocused = await readFocusRing(target);
      await focusByKeyboard(page, target);
      const ring = await readFocusRing(target);
      expect(ring.style, name).toBe('solid');
      expect(ring.width, name).toBeGreaterThanOrEqual(2);
      expect(ring.contrastWithControl, `${name}: ring against the control`).toBeGreaterThanOrEqual(3);
      expect(ring.contrastWithSurroundings, `${name}: ring against what is around it`).toBeGreaterThanOrEqual(3);
      // The ring is there because of focus, not always.
      expect(unfocused.style, `${name} without focus`).toBe('none');
    }
  });
}
