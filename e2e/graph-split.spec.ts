import { expect, test, type Page } from '@playwright/test';
import { stepUntil } from './helpers.ts';

/**
 * Issue 17's "a resizable split between graph and inspector": the separator under the graph
 * moves by keyboard and by pointer, the graph and the inspector share the page by it, and the
 * height the learner chose comes back after a reload.
 */

const heightOf = (page: Page, testId: string) => page.getByTestId(testId).evaluate((element) => Math.round(element.getBoundingClientRect().height));

for (const size of [
  { name: 'roomy 1440×1000', width: 1440, height: 1000 },
  { name: '1280×720', width: 1280, height: 720 },
] as const) {
  test(`the split between graph and inspector at ${size.name}: arrows, a drag, and the height kept`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/');
    await stepUntil(page, 'keyboard', 'mcp.tools-list.request');
    const split = page.getByRole('separator', { name: 'Graph and inspector split' });
    await expect(split).toHaveAttribute('aria-orientation', 'horizontal');
    await expect(split).toHaveAttribute('aria-controls', 'main-view');
    const before = await heightOf(page, 'main-view');
    expect(Number(await split.getAttribute('aria-valuenow'))).toBe(before);
    const inspectorBefore = await heightOf(page, 'inspector-panel');

    await split.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => heightOf(page, 'main-view')).toBe(before + 48);
    await expect(split).toHaveAttribute('aria-valuenow', String(before + 48));
    await expect(split).toHaveAttribute('aria-valuetext', `The graph is ${before + 48} pixels high`);
    // Roomy, the page is the window's height: what the graph gains, the inspector gives.
    if (size.height >= 896) expect(await heightOf(page, 'inspector-panel')).toBeLessThan(inspectorBefore);
    // The arrows that resize do not step the run; Right still does.
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'mcp.tools-list.request');
    await page.keyboard.press('Home');
    await expect(split).toHaveAttribute('aria-valuenow', (await split.getAttribute('aria-valuemin')) ?? 'none');
    await page.keyboard.press('End');
    await expect(split).toHaveAttribute('aria-valuenow', (await split.getAttribute('aria-valuemax')) ?? 'none');
    await page.keyboard.press('PageUp');
    await page.keyboard.press('PageUp');
    const byKeys = Number(await split.getAttribute('aria-valuenow'));
    expect(await heightOf(page, 'main-view')).toBe(byKeys);

    // The pointer: a drag of 60 px down gives the graph 60 px.
    await split.scrollIntoViewIfNeeded();
    const box = (await split.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 30, { steps: 3 });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 60, { steps: 3 });
    await page.mouse.up();
    await expect.poll(() => heightOf(page, 'main-view')).toBe(byKeys + 60);
    await expect(split).toHaveAttribute('aria-valuenow', String(byKeys + 60));

    // Kept on this device, as the theme is.
    await page.reload();
    await expect(page.getByTestId('main-view')).toBeVisible();
    expect(await heightOf(page, 'main-view')).toBe(byKeys + 60);
    await expect(page.getByRole('separator', { name: 'Graph and inspector split' })).toHaveAttribute('aria-valuenow', String(byKeys + 60));

    // A double click gives the graph back the layout's own height.
    await page.getByRole('separator', { name: 'Graph and inspector split' }).dblclick();
    await expect.poll(() => heightOf(page, 'main-view')).toBe(before);
  });
}
