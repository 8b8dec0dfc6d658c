import { expect, test, type Page } from '@playwright/test';
import { analyzeWithAxe, selectSeriousViolations } from './analyze-with-axe.ts';
import { stepUntil } from './helpers.ts';

/** What a teacher and a learner rely on: views, themes, presenter mode, links, keyboard, accessibility. */

async function expectNoSeriousAxeViolations(page: Page, view: string) {
  const results = await analyzeWithAxe({ page });
  const serious = selectSeriousViolations(results);
  expect(
    serious.map(
      (violation) =>
        `${view}: ${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
}

test('every main view passes axe with no serious or critical violation, in light and dark', async ({ page }) => {
  await page.goto('/');
  await expectNoSeriousAxeViolations(page, 'start');
  await stepUntil(page, 'keyboard', 'host.translate-tools');
  await expectNoSeriousAxeViolations(page, 'graph with a translation');
  await page.getByTestId('inspector').getByRole('tab', { name: 'Sent payload' }).click();
  await expectNoSeriousAxeViolations(page, 'payload');
  await page.keyboard.press('v');
  await expect(page.getByTestId('sequence-diagram')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'sequence diagram');
  await page.keyboard.press('f');
  await expectNoSeriousAxeViolations(page, 'full-screen inspector');
  await page.keyboard.press('Escape');
  await page.locator('#theme').selectOption('dark');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoSeriousAxeViolations(page, 'dark theme');
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcuts-dialog')).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'shortcuts overlay');
  await page.keyboard.press('Escape');
  await page.getByTestId('model-settings-button').click();
  await expectNoSeriousAxeViolations(page, 'settings dialog');
});

test('a keyboard-only learner reaches every control and steps through the run', async ({ page }) => {
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'host.start-discovery');
  // Tab through the page: every control is reachable.
  const reached = new Set<string>();
  for (let press = 0; press < 40; press++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element ? `${element.tagName.toLowerCase()}:${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? ''}` : '';
    });
    reached.add(name);
  }
  const text = [...reached].join('\n');
  for (const control of ['Next', 'Back', 'Play', 'Reset', 'Ask', 'Export trace', 'Import trace', 'Presenter']) expect(text).toContain(control);
  expect(text).toContain('select');
  // Shortcuts work from anywhere that is not a text field.
  await page.locator('body').click({ position: { x: 5, y: 500 } });
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'user.question');
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcuts-dialog')).toContainText('Switch between the graph and the sequence diagram');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('shortcuts-dialog')).toBeHidden();
  // Screen-reader names for nodes and steps.
  await expect(page.locator('.react-flow__node[data-id="user"]')).toHaveAttribute('aria-label', 'User, sender');
  await expect(page.getByTestId('timeline-step').first()).toHaveAccessibleName(/^Step 1: User asks the question\s*\.\s*User → Host$/);
});

test('presenter mode enlarges the type; the sequence diagram shows the same steps; the timeline scrubs', async ({ page }) => {
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'mcp.tools-list.request');
  const normal = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  await page.getByRole('button', { name: 'Presenter' }).click();
  await expect(page.locator('html')).toHaveClass(/presenter/);
  const large = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  expect(large).toBeGreaterThan(normal);

  await page.getByRole('tab', { name: 'Sequence diagram' }).click();
  const recorded = await page.getByTestId('timeline-step').count();
  await expect(page.getByTestId('sequence-step')).toHaveCount(recorded);
  await expect(page.locator('[data-testid="sequence-step"][data-current]')).toHaveAttribute('data-step-id', 'mcp.tools-list.request');

  await page.getByTestId('timeline-scrubber').fill('0');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-step-id', 'user.question');
  await expect(page.locator('[data-testid="sequence-step"][data-current]')).toHaveAttribute('data-step-id', 'user.question');
});

test('a link opens the app at a given step of a built-in scenario', async ({ page }) => {
  await page.goto('/?scenario=two-rounds&era=2026-07-28&wire=anthropic&step=12&round=2');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-canonical', '12', { timeout: 30_000 });
  await expect(page.getByTestId('inspector')).toContainText('round 2');
  await expect(page.getByRole('radio', { name: '2026-07-28' })).toBeChecked();
  await expect(page.getByTestId('model-settings-button')).toContainText('Anthropic Messages');
  await expect(page.getByTestId('scenario-select')).toHaveValue('two-rounds');
  const link = await page.getByRole('button', { name: 'Copy link to this step' }).getAttribute('data-step-link');
  expect(link).toContain('scenario=two-rounds');
  expect(link).toContain('step=12');
  expect(link).toContain('round=2');
});

test('the layout works on a 1024 px laptop and on a tablet', async ({ page }) => {
  for (const viewport of [
    { width: 1024, height: 768 },
    { width: 820, height: 1180 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await stepUntil(page, 'keyboard', 'mcp.tools-list.request');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${viewport.width}px wide`).toBeLessThanOrEqual(0);
    for (const name of ['User', 'Host', 'MCP Client', 'MCP Server', 'LLM']) {
      await expect(page.locator('.react-flow__node').filter({ hasText: name }).first()).toBeInViewport();
    }
    await expect(page.getByRole('button', { name: /^Next/ })).toBeInViewport();
    await expect(page.getByTestId('inspector')).toBeVisible();
  }
});
