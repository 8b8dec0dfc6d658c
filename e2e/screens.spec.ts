import { expect, test, type Page } from '@playwright/test';
import { stepUntil } from './helpers.ts';

/**
 * Every screen from a 360 px phone to a 1920 px monitor is usable: the graph has a
 * height and a readable scale, Next can be tapped after many steps (nothing covers it),
 * the playback controls stay inside their bar, and the inspector shows a payload worth
 * reading once it is in view.
 */

const SCREENS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
];

const MIN_GRAPH_HEIGHT = 220;
/**
 * A laptop's 720 lines (src/index.css's squat layout): the graph has the window's whole width and a shorter row, its
 * parts drawn larger than in the taller layouts (a zoom of 0.86 or more: subtitles of 12 px, screen-subject.spec.ts).
 */
const SQUAT_GRAPH = { minHeight: 180, minScale: 0.86 };
/** There the payload shares the window with the graph and the timeline, none of them scrolled to: its first lines, more with the split or Full screen. */
const SQUAT_PAYLOAD_LINES = 3;
const isSquat = (screen: { width: number; height: number }) => screen.width >= 1024 && screen.height >= 600 && screen.height < 896;
/** Below this the nodes' subtitles are under 9 px: unreadable, as the 0.5 scale of before was. */
const MIN_GRAPH_SCALE = 0.68;
const MIN_PAYLOAD_LINES = 8;

/** Whether the centre of Next is Next itself: visible, in the window, and not covered by anything. */
async function isNextTappable(page: Page): Promise<boolean> {
  return page.getByRole('button', { name: /^Next/ }).evaluate((next) => {
    const box = next.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && next.contains(hit);
  });
}

/** Lines of the payload a learner sees whole: in the window, in the inspector's scrolling area, and not covered. */
async function countVisiblePayloadLines(page: Page): Promise<number> {
  return page.getByTestId('payload').evaluate((payload) => {
    let scroller: HTMLElement | null = payload.parentElement;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
    const area = scroller?.getBoundingClientRect() ?? new DOMRect(0, 0, window.innerWidth, window.innerHeight);
    const lines = [...payload.querySelectorAll('pre > div')];
    return lines.filter((line) => {
      const box = line.getBoundingClientRect();
      if (box.top < Math.max(0, area.top) || box.bottom > Math.min(window.innerHeight, area.bottom)) return false;
      const hit = document.elementFromPoint(box.left + 12, box.top + box.height / 2);
      return hit !== null && line.contains(hit);
    }).length;
  });
}

for (const screen of SCREENS) {
  test(`${screen.width}×${screen.height}: graph, Next, controls and inspector are all usable`, async ({ page }) => {
    await page.setViewportSize(screen);
    await page.goto('/');
    // Pressed as a learner would on that screen: by tapping the button, many times.
    await stepUntil(page, 'buttons', 'mcp.tools-list.response');
    expect(await isNextTappable(page), 'Next can be tapped after several steps').toBe(true);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'nothing is wider than the screen').toBeLessThanOrEqual(0);

    const graph = page.getByTestId('lifecycle-graph');
    await graph.scrollIntoViewIfNeeded();
    const graphBox = await graph.boundingBox();
    expect(graphBox?.height ?? 0, 'graph height').toBeGreaterThanOrEqual(isSquat(screen) ? SQUAT_GRAPH.minHeight : MIN_GRAPH_HEIGHT);
    const scale = await page.locator('.react-flow__viewport').evaluate((viewport) => new DOMMatrix(getComputedStyle(viewport).transform).a);
    expect(scale, 'graph scale').toBeGreaterThanOrEqual(isSquat(screen) ? SQUAT_GRAPH.minScale : MIN_GRAPH_SCALE);
    for (const name of ['User', 'Host', 'MCP Client', 'MCP Server', 'LLM']) {
      await expect(page.locator('.react-flow__node').filter({ hasText: name }).first()).toBeInViewport();
    }

    // Every playback control sits inside the bar, and the bar inside the window.
    const spilled = await page.getByTestId('playback-bar').evaluate((bar) => {
      const outer = bar.getBoundingClientRect();
      const inside = (box: DOMRect) =>
        box.left >= outer.left - 0.5 && box.right <= outer.right + 0.5 && box.top >= outer.top - 0.5 && box.bottom <= outer.bottom + 0.5;
      const outOfBar = [...bar.querySelectorAll('button, select')]
        .filter((control) => !inside(control.getBoundingClientRect()))
        .map((control) => control.textContent);
      return { outOfBar, outOfWindow: outer.left < 0 || outer.right > window.innerWidth };
    });
    expect(spilled).toEqual({ outOfBar: [], outOfWindow: false });

    await page.getByTestId('inspector').scrollIntoViewIfNeeded();
    expect(await countVisiblePayloadLines(page), 'payload lines in view').toBeGreaterThanOrEqual(isSquat(screen) ? SQUAT_PAYLOAD_LINES : MIN_PAYLOAD_LINES);
    // With the inspector in view, Next is still at hand.
    expect(await isNextTappable(page), 'Next can be tapped with the inspector in view').toBe(true);
    await page.getByRole('button', { name: /^Next/ }).click();
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'client.tools-to-host');
  });
}
