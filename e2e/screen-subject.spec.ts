import { expect, test, type Page } from '@playwright/test';
import { pressNext } from './helpers.ts';

/**
 * Issue 38's walk: at six screen sizes, every step of a whole run keeps what it is about in view, measured in
 * Chromium at each step. No blank scroll (the timeline's hidden text once added 950 px below a 1440- or 1920-wide
 * page); on a laptop or monitor (1024 wide and 600 high or more, 1280×720 and 1024×768 included) the payload's
 * first lines and the timeline's current row are on the screen with the page unscrolled; the answer and a gate's
 * panel cover no part of the graph; the nodes' names and subtitles are drawn at 12 px or more.
 */

const SCREENS = [
  { width: 1920, height: 1080 },
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];

/** src/index.css's roomy variant: the app is the window's height and only its panels scroll. */
const isRoomy = (screen: { width: number; height: number }) => screen.width >= 1024 && screen.height >= 600;

/** Three lines of the payload's text: its first lines, not its label alone. */
const MIN_PAYLOAD_PIXELS = 60;
const MIN_TEXT_PIXELS = 12;

type Measured = {
  /** How far the page scrolls past the app's own foot (blank space). */
  blankScroll: number;
  scrollHeight: number;
  scrollY: number;
  /** Pixels of the inspector's body (the payload, tool result, translation or HTTP exchange under the step's words) on the screen. */
  payloadPixels: number | null;
  rowInView: boolean;
  gateOpen: boolean;
  /** Each node name and subtitle's size as drawn: its font size times the graph's zoom. */
  smallestName: number;
  /** The graph's zoom, fitted to its area: it falls when something takes the graph's room. */
  zoom: number;
  subtitles: number[];
  /** Nodes the answer's box overlaps. */
  answerCovers: string[];
  /** The step's own nodes (sending, receiving, working) that lie partly outside the graph's area. */
  clippedActive: string[];
};

function measure(page: Page): Promise<Measured> {
  return page.evaluate(() => {
    const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    // What of an element is on the screen: clipped by every scrolling box around it and by the window.
    const visibleHeight = (element: Element) => {
      let { top, bottom } = element.getBoundingClientRect();
      for (let scroller = element.parentElement; scroller; scroller = scroller.parentElement) {
        if (!/(auto|scroll|hidden)/.test(getComputedStyle(scroller).overflowY)) continue;
        const area = scroller.getBoundingClientRect();
        top = Math.max(top, area.top);
        bottom = Math.min(bottom, area.bottom);
      }
      return Math.max(0, Math.min(bottom, innerHeight) - Math.max(top, 0));
    };
    const root = document.getElementById('root')?.firstElementChild;
    const appBottom = (root?.getBoundingClientRect().bottom ?? 0) + scrollY;
    const subject = document.querySelector('[data-testid="inspector-body"]');
    const list = document.querySelector('[data-testid="timeline"]');
    const row = list?.querySelector('[aria-current="step"]');
    const rowBox = row?.getBoundingClientRect();
    const listBox = list?.getBoundingClientRect();
    const rowInView =
      !!rowBox && !!listBox && rowBox.top >= Math.max(0, listBox.top) - 1 && rowBox.bottom <= Math.min(innerHeight, listBox.bottom) + 1 && rowBox.height > 0;
    const viewport = document.querySelector('.react-flow__viewport');
    const zoom = viewport ? new DOMMatrix(getComputedStyle(viewport).transform).a : 0;
    const nodes = [...document.querySelectorAll('.react-flow__node-participant')];
    const drawnSize = (element: Element) => parseFloat(getComputedStyle(element).fontSize) * zoom;
    const answer = document.querySelector('[data-testid="answer"]');
    const pane = document.querySelector('[data-testid="lifecycle-graph"]')?.getBoundingClientRect();
    return {
      blankScroll: document.documentElement.scrollHeight - Math.max(appBottom, innerHeight),
      scrollHeight: document.documentElement.scrollHeight,
      scrollY,
      payloadPixels: subject ? visibleHeight(subject) : null,
      rowInView,
      gateOpen: document.querySelector('[data-testid="consent-answer"], [data-testid="sampling-review"], [data-testid^="elicitation-"]') !== null,
      zoom,
      smallestName: Math.min(...[...document.querySelectorAll('.react-flow__node-participant [data-node-name]')].map(drawnSize)),
      subtitles: [...document.querySelectorAll('.react-flow__node-participant [data-subtitle]')].map(drawnSize),
      answerCovers: answer
        ? nodes.filter((node) => overlaps(node.getBoundingClientRect(), answer.getBoundingClientRect())).map((node) => node.getAttribute('data-id') ?? '')
        : [],
      clippedActive: nodes
        .filter((node) => node.querySelector('[data-role]')?.getAttribute('data-role') !== 'idle')
        .filter((node) => {
          const box = node.getBoundingClientRect();
          return !pane || box.left < pane.left - 1 || box.right > pane.right + 1 || box.top < pane.top - 1 || box.bottom > pane.bottom + 1;
        })
        .map((node) => node.getAttribute('data-id') ?? ''),
    };
  });
}

/** Holds one step's measures to the four points; `where` names the screen and step in a failure. */
function expectSubjectInView(measured: Measured, screen: { width: number; height: number }, where: string): void {
  expect(measured.blankScroll, `${where}: no blank scroll below the app`).toBeLessThanOrEqual(1);
  if (isRoomy(screen)) {
    expect(measured.scrollHeight, `${where}: the page is the window's height`).toBeLessThanOrEqual(screen.height);
    expect(measured.scrollY, `${where}: the page is not scrolled`).toBe(0);
    expect(measured.rowInView, `${where}: the timeline's current row is on the screen`).toBe(true);
    // At a gate, the panel above the inspector is the step's subject (what is asked, and the learner's answer): held to below.
    if (measured.payloadPixels !== null && !measured.gateOpen)
      expect(measured.payloadPixels, `${where}: the payload's first lines are on the screen`).toBeGreaterThanOrEqual(MIN_PAYLOAD_PIXELS);
    // Wide enough for the wide layout, its subtitles are drawn, at a readable size.
    expect(measured.subtitles.length, `${where}: the nodes' subtitles are drawn`).toBeGreaterThan(0);
  }
  expect(measured.smallestName, `${where}: node names`).toBeGreaterThanOrEqual(MIN_TEXT_PIXELS);
  for (const size of measured.subtitles) expect(size, `${where}: node subtitles`).toBeGreaterThanOrEqual(MIN_TEXT_PIXELS);
  expect(measured.answerCovers, `${where}: nodes under the answer`).toEqual([]);
  expect(measured.clippedActive, `${where}: the step's nodes partly outside the graph`).toEqual([]);
}

/**
 * The current row brings itself into its list over two frames once its effect has run (TimelineRow), which on a loaded
 * machine may come after the two frames walk() waits. Waits until the row lies inside the list's box, or 5 s; the
 * measure that follows holds it to the screen as well. (CI's failures at 1024×768 were the app's own: a row whose
 * words grew after its scroll, e2e/timeline-row-words.spec.ts.)
 */
async function waitForRowToSettle(page: Page): Promise<void> {
  const rowInList = () => {
    const list = document.querySelector('[data-testid="timeline"]');
    const row = list?.querySelector('[aria-current="step"]');
    if (!list || !row) return false;
    const rowBox = row.getBoundingClientRect();
    const listBox = list.getBoundingClientRect();
    return rowBox.top >= listBox.top - 1 && rowBox.bottom <= listBox.bottom + 1;
  };
  await page.waitForFunction(rowInList, undefined, { timeout: 5_000 }).catch(() => undefined);
}

/** Presses Next until the run stops or `until` is on show, measuring every step; returns the step ids seen and their measures. */
async function walk(page: Page, screen: { width: number; height: number }, scenario: string, until: string): Promise<{ stepId: string; measured: Measured }[]> {
  const inspector = page.getByTestId('inspector');
  const seen: { stepId: string; measured: Measured }[] = [];
  for (let press = 0; press < 40; press++) {
    await pressNext(page, 'buttons');
    await expect(inspector).toHaveAttribute('data-n', String(press + 1));
    const stepId = (await inspector.getAttribute('data-step-id')) ?? '';
    // The first step can be on show before the graph's code has loaded (the shell's first step): its nodes come with it.
    await expect(page.locator('.react-flow__node-participant').first()).toBeVisible();
    // The graph is fitted to its area after the step is drawn: measured once it has settled.
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
    // The GET stream's step says the status once the server has answered, which a busy server does after the step is
    // shown: its row then grows by a line. Measured after, so that the row's own scroll is held to its final words.
    if (stepId === 'mcp.stream.open') await expect(page.getByTestId('inspector-title')).toContainText('server answers');
    await waitForRowToSettle(page);
    const measured = await measure(page);
    seen.push({ stepId, measured });
    expectSubjectInView(measured, screen, `${screen.width}×${screen.height} ${scenario} #${press + 1} ${stepId}`);
    if (stepId === until) break;
  }
  return seen;
}

for (const screen of SCREENS) {
  test(`${screen.width}×${screen.height}: every step of a whole run, the answer and a gate keep the step's subject in view`, async ({ page }) => {
    await page.setViewportSize(screen);
    await page.goto('/?scenario=happy-path');
    const seen = await walk(page, screen, 'happy-path', 'host.answer');
    expect(seen.at(-1)?.stepId, 'the walk reached the answer').toBe('host.answer');
    await expect(page.getByTestId('answer')).toBeVisible();

    // A gate: its panel is the learner's to answer, and it covers nothing of the graph.
    await page.goto('/?scenario=consent');
    const toGate = await walk(page, screen, 'consent', 'host.ask-consent');
    const gate = page.getByTestId('consent-answer');
    await expect(gate).toBeVisible();
    // Above the graph, the panel took its room: the graph was drawn smaller while the learner decided.
    const [before, atGate] = toGate.slice(-2).map((step) => step.measured.zoom);
    expect(atGate, 'the graph keeps its size while the gate is open').toBeGreaterThanOrEqual((before ?? 0) * 0.97);
    const covered = await gate.evaluate((panel) => {
      const box = panel.getBoundingClientRect();
      const graph = document.querySelector('[data-testid="lifecycle-graph"]')?.getBoundingClientRect();
      return !!graph && box.left < graph.right && graph.left < box.right && box.top < graph.bottom && graph.top < box.bottom;
    });
    expect(covered, 'the gate panel lies over the graph').toBe(false);
    if (isRoomy(screen)) await expect(gate.getByRole('button', { name: /^Allow/ })).toBeInViewport({ ratio: 1 });
  });
}
