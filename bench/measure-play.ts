import type { Page } from '@playwright/test';
import { PLAYBACK_SPEEDS } from '../src/store/view-preferences.ts';
import type { PagePartOptions } from './bench-options.ts';
import { createFigure, type Figure } from './figures.ts';
import { openContext } from './launch-browser.ts';
import { computeMedian } from './statistics.ts';

/**
 * Play through the canonical lifecycle (the default question against the built-in server and
 * the mock model) at 4×, as a learner presses it: from the press until the run says it is
 * complete, against the time its steps are meant to take (one interval of the speed per step).
 * Animations on (no reduced motion): what is measured is what a learner watches.
 */

const PART = 'UI, Play';
const SPEED = PLAYBACK_SPEEDS.find((speed) => speed.label === '4×')!;
const RUN_TIMEOUT_MS = 120_000;

type Played = { wallMs: number; steps: number };

async function playOnce(page: Page, appUrl: string): Promise<Played> {
  await page.goto(`${appUrl}/`, { waitUntil: 'load' });
  await page.getByLabel('Speed').selectOption({ label: SPEED.label });
  const play = page.getByRole('button', { name: /^Play/ });
  await play.waitFor();
  // Timed in the page, from the click's dispatch to the status's change, so Playwright's round trips are not in it.
  const wallMs = await page.evaluate(
    ({ timeoutMs }) =>
      new Promise<number>((resolve, reject) => {
        const button = [...document.querySelectorAll('button')].find((candidate) => /^Play/.test(candidate.textContent ?? ''));
        if (!button) return reject(new Error('No Play button on the page.'));
        const isOver = () => /complete|stopped/.test(document.querySelector('[data-testid="run-status"]')?.textContent ?? '');
        const timer = setTimeout(() => reject(new Error(`Play did not finish within ${timeoutMs} ms.`)), timeoutMs);
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (!isOver()) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(performance.now() - started);
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        button.click();
      }),
    { timeoutMs: RUN_TIMEOUT_MS },
  );
  const status = await page.getByTestId('run-status').innerText();
  if (!status.includes('complete')) throw new Error(`Play did not complete the run: ${status}`);
  return { wallMs, steps: await page.getByTestId('timeline-step').count() };
}

export async function measurePlay({ browser, appUrl, quick, log }: PagePartOptions): Promise<Figure[]> {
  const count = quick ? 2 : 5;
  const runs: Played[] = [];
  for (let index = 0; index < count; index++) {
    const context = await openContext(browser, { reducedMotion: 'no-preference' });
    try {
      runs.push(await playOnce(await context.newPage(), appUrl));
    } finally {
      await context.close();
    }
  }
  const steps = runs[0]!.steps;
  if (runs.some((run) => run.steps !== steps)) throw new Error(`The runs had different numbers of steps: ${runs.map((run) => run.steps).join(', ')}.`);
  // Play shows the first step at once, then one per interval.
  const animationMs = (steps - 1) * SPEED.intervalMs;
  const wallMs = computeMedian(runs.map((run) => run.wallMs));
  log(`  ${count} runs of ${steps} steps at ${SPEED.label}, fresh context each`);
  return [
    createFigure({
      part: PART,
      name: `Play through the ${steps} steps at ${SPEED.label}`,
      value: wallMs / 1000,
      unit: 's',
      note: `median of ${count}; ${steps - 1} intervals of ${SPEED.intervalMs} ms are ${(animationMs / 1000).toFixed(2)} s`,
    }),
    createFigure({
      part: PART,
      name: 'Play wall time / its animation times',
      value: wallMs / animationMs,
      unit: '×',
      budget: { comparison: '<=', limit: 1.15 },
      note: `the real messages and their drawing, beyond the steps' own intervals`,
    }),
  ];
}
