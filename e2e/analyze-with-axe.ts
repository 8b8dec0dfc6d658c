import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { AxeResults, Result, RunOptions } from 'axe-core';

/**
 * axe over a page (or the part `include` names), its violations alone. Legacy mode runs axe.run
 * in the page itself. The default runs axe.runPartial, then opens a blank page, injects axe again
 * and hands it every result, passes included, to finish: three times as long for the very same
 * violations (compared on the start, a mid-run step, the consent and sampling gates, and a page with
 * a faint text and a nameless button put in). What the default adds is cross-origin frames, and the
 * app has no frames.
 */
export function analyzeWithAxe({ page, options = {}, include }: { page: Page; options?: RunOptions; include?: string }): Promise<AxeResults> {
  const builder = new AxeBuilder({ page }).setLegacyMode(true).options({ ...options, resultTypes: ['violations'] });
  return (include === undefined ? builder : builder.include(include)).analyze();
}

/** The violations the suites fail on: those axe rates serious or critical. */
export function selectSeriousViolations(results: AxeResults): Result[] {
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
