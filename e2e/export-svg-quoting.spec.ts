import { expect, test } from '@playwright/test';
import { SCENARIOS } from '../src/content/scenarios.ts';
import { describeStep, numberStep } from '../src/export/describe-step.ts';
import { formatSequenceSvg } from '../src/export/format-sequence-svg.ts';
import { createScenarioRun } from '../tests/helpers/create-mock-run.ts';
import { countHostileCarriers, HOSTILE_QUESTION_SHOWN, HOSTILE_TOOL_SHOWN, makeHostile } from './export-hostile-trace.ts';

/**
 * The sequence picture (SVG) of every built-in scenario with hostile names, read by
 * Chromium's XML parser and image decoder: the file is well-formed, holds no element or
 * handler from the names, and each arrow's label is the text it was, cut where the picture
 * cuts it. The markup in the names must arrive as characters, never as SVG.
 */

// authorization needs the sandbox's consent answered; its steps' names are the same kinds as the others'.
const IN_PROCESS = SCENARIOS.filter((scenario) => scenario.id !== 'authorization');

test('every built-in scenario with hostile names: the SVG parses, draws, and shows each label as text', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  await page.goto('about:blank');
  for (const scenario of IN_PROCESS) {
    await test.step(scenario.id, async () => {
      const trace = makeHostile(await createScenarioRun({ serverUrl: baseURL!, scenarioId: scenario.id }).start());
      const { result, width, height } = formatSequenceSvg({ trace });
      const read = await page.evaluate(async (text) => {
        const document = new DOMParser().parseFromString(text, 'image/svg+xml');
        const image = new Image();
        image.src = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
        await image.decode();
        const elements = [...document.querySelectorAll('*')];
        return {
          errors: document.getElementsByTagName('parsererror').length,
          drawn: [image.naturalWidth, image.naturalHeight],
          kinds: [...new Set(elements.map((node) => node.localName))].sort(),
          handlers: elements.flatMap((node) => [...node.attributes].filter((attribute) => /^on/i.test(attribute.name)).map((attribute) => attribute.name)),
          title: document.querySelector('title')?.textContent ?? '',
          labels: [...document.querySelectorAll('[data-step-id]')].map((node) => ({
            id: node.getAttribute('data-step-id'),
            text: node.querySelector('text')?.textContent ?? '',
          })),
        };
      }, result);
      expect(read.errors).toBe(0);
      expect(read.drawn).toEqual([width, height]);
      expect(read.handlers).toEqual([]);
      expect(
        read.kinds.filter((kind) => !['svg', 'title', 'defs', 'marker', 'path', 'g', 'text', 'line', 'rect', 'desc', 'style', 'tspan'].includes(kind)),
      ).toEqual([]);
      expect(read.title).toContain(HOSTILE_QUESTION_SHOWN);
      // Labels in drawing order, each paired with the next step of its id (a step id repeats in a second round).
      const unused = [...trace.steps];
      for (const label of read.labels) {
        const index = unused.findIndex((step) => step.id === label.id);
        expect(index, `${scenario.id}: a drawn ${label.id} with no step`).toBeGreaterThanOrEqual(0);
        const [step] = unused.splice(index, 1);
        const whole = numberStep(step!, describeStep(step!)).replace(/\s+/g, ' ').trim();
        // The picture cuts a long label with an ellipsis: what is left is the label's own start.
        expect(whole.startsWith(label.text.replace(/…$/, '')), `${scenario.id} ${label.id}: ${label.text}`).toBe(true);
      }
      const carriers = read.labels.filter((label) => label.text.includes(HOSTILE_TOOL_SHOWN.slice(0, 40)));
      expect(carriers.length, scenario.id).toBeGreaterThanOrEqual(Math.min(1, countHostileCarriers(trace)));
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    });
  }
});
