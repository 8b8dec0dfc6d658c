import { expect, test, type Page } from '@playwright/test';
import { runToEnd, stepUntil } from './helpers.ts';

/**
 * Off the happy path the narration follows what happened: a refusal or an error has its
 * own words, is drawn red in the caption, the graph and the timeline, a message never
 * sent does not travel, and the steps a round skipped say they did not happen.
 */

// The graph's fault colour (src/ui/graph/message-colors.ts, #991b1b), as the browser reports it.
const FAULT_RED = 'rgb(153, 27, 27)';

async function chooseScenario(page: Page, id: string): Promise<void> {
  await page.goto('/');
  await page.getByTestId('scenario-select').selectOption(id);
}

test('bad arguments: the validation that refuses is red everywhere, and the tool is never said to have run', async ({ page }) => {
  await chooseScenario(page, 'bad-arguments');
  await stepUntil(page, 'keyboard', 'server.validate-arguments');
  await expect(page.getByTestId('caption-failed')).toHaveText('refused');
  await expect(page.getByTestId('inspector').getByTestId('failed-badge')).toHaveText('refused');
  await expect(page.getByTestId('step-summary')).toContainText('refuses them. The handler will not run.');
  await expect(page.locator('[data-testid="timeline-step"][aria-current="step"]')).toHaveAttribute('data-failed', '');
  await expect(page.getByTestId('message-label')).toHaveCSS('background-color', FAULT_RED);

  await stepUntil(page, 'keyboard', 'client.result-to-host');
  await expect(page.getByTestId('step-summary')).toContainText('The tool did not run');
  await expect(page.getByTestId('step-summary')).not.toContainText('The tool ran');
  // Round 1 went from validation (14) to the result (16): the execution did not happen in it.
  const skipped = page.locator('[data-testid="timeline-skipped"][data-round="1"]');
  await expect(skipped).toHaveCount(1);
  await expect(skipped).toHaveAttribute('data-canonicals', '15');
  await expect(skipped).toContainText('Did not happen: the server’s validation refused the arguments');

  // The model's second try succeeds: that round is drawn as the success it is.
  await stepUntil(page, 'keyboard', 'server.execute');
  await expect(page.getByTestId('caption-failed')).toHaveCount(0);
  await expect(page.getByTestId('message-label')).not.toHaveCSS('background-color', FAULT_RED);
});

test('malformed arguments: no tools/call travels, the translation says it failed, and steps 12 to 17 of round 1 did not happen', async ({ page }) => {
  await chooseScenario(page, 'malformed-arguments');
  await stepUntil(page, 'keyboard', 'host.translate-tool-call');
  await expect(page.getByTestId('caption-failed')).toHaveText('not JSON');
  await expect(page.getByTestId('message-in-flight')).toHaveCount(0);
  await expect(page.locator('.react-flow__node[data-id="host"] [data-role]')).toHaveAttribute('data-role', 'failed');
  await expect(page.getByTestId('step-summary')).toContainText('none is sent');
  await expect(page.getByTestId('translation-failed')).toBeVisible();
  await expect(page.getByTestId('translation-view')).not.toContainText('Nothing was lost');

  await stepUntil(page, 'keyboard', 'host.translate-tool-result');
  await expect(page.getByTestId('step-summary')).toContainText('No tools/call was sent');
  const skipped = page.locator('[data-testid="timeline-skipped"][data-round="1"]');
  await expect(skipped).toHaveAttribute('data-canonicals', '12 13 14 15 16 17');
  await expect(skipped).toContainText('12–17');
  await expect(skipped).toContainText('no tools/call was sent');
});

test('unknown tool: the JSON-RPC error is red and no tool is said to have run', async ({ page }) => {
  await chooseScenario(page, 'unknown-tool');
  await stepUntil(page, 'keyboard', 'mcp.tools-call.response');
  await expect(page.getByTestId('caption-failed')).toHaveText('no such tool');
  await expect(page.getByTestId('message-label')).toHaveCSS('background-color', FAULT_RED);
  await stepUntil(page, 'keyboard', 'client.result-to-host');
  await expect(page.getByTestId('step-summary')).toContainText('No tool ran');
  await expect(page.locator('[data-testid="timeline-skipped"][data-round="1"]')).toHaveAttribute('data-canonicals', '14 15');
});

test('no tool: the answer is not credited to a tool or to three translations', async ({ page }) => {
  await chooseScenario(page, 'no-tool');
  await runToEnd(page);
  await expect(page.getByTestId('step-summary')).toContainText('no tool call, so no translations #2 and #3');
  await page.locator('[data-testid="timeline-step"][data-step-id="provider.response.answer"]').click();
  await expect(page.getByTestId('step-summary')).toContainText('No tool was called');
  await expect(page.getByTestId('step-summary')).not.toContainText('The tool did the computation');
  await expect(page.getByTestId('caption-failed')).toHaveCount(0);
});
