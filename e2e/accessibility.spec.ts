import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import axe from 'axe-core';
import { expect, test, type Page } from '@playwright/test';
import { createApp } from '../server/http/create-app.ts';
import { createNodeListener } from '../server/node/create-node-listener.ts';
import { analyzeWithAxe, selectSeriousViolations } from './analyze-with-axe.ts';
import { openApp, runToEnd, stepUntil, waitForRunStatus } from './helpers.ts';

/**
 * axe with every rule it has, the experimental ones and the AAA contrast rule
 * (color-contrast-enhanced) included, since a projector washes colour out: nothing
 * serious or critical in any view a class sees, in both themes.
 */

const EVERY_RULE = axe.getRules().map((rule) => rule.ruleId);
const COLOUR_RULES = axe.getRules(['cat.color']).map((rule) => rule.ruleId);

const enableRules = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, { enabled: true }]));

function listSerious(results: Awaited<ReturnType<typeof analyzeWithAxe>>, view: string): string[] {
  return selectSeriousViolations(results).map(
    (violation) =>
      `${view}: ${violation.id} on ${violation.nodes.length}: ${violation.nodes
        .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1] ?? ''}`)
        .slice(0, 4)
        .join(' | ')}`,
  );
}

/**
 * Each view in both themes, at the same moment: every rule in the light theme, then the system turned dark (the app's
 * theme is "system" by default, and its choice of dark and the system's are one hook, useIsDark, that the JSON tree
 * view reads too) and the rules that read colours, since the DOM is the same. One walk serves both themes: walking
 * each view twice was most of the suite's time.
 */
async function expectNoSeriousViolations(page: Page, view: string) {
  const serious = listSerious(await analyzeWithAxe({ page, options: { rules: enableRules(EVERY_RULE) } }), `light ${view}`);
  // The app's page says it has turned dark on <html>; a page of the authorization server follows the media query alone.
  const isApp = (await page.locator('#root').count()) > 0;
  await page.emulateMedia({ colorScheme: 'dark' });
  if (isApp) await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  const colourOptions = { runOnly: { type: 'rule' as const, values: COLOUR_RULES }, rules: enableRules(COLOUR_RULES) };
  serious.push(...listSerious(await analyzeWithAxe({ page, options: colourOptions }), `dark ${view}`));
  await page.emulateMedia({ colorScheme: 'light' });
  if (isApp) await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
  expect.soft(serious).toEqual([]);
}

/** An authorization server that sends COOP same-origin (as in e2e/authorization-coop.spec.ts): the consent window reads as closed. */
let coopServer: Server;
let coopUrl: string;

test.beforeAll(async ({ baseURL }) => {
  const app = createApp({ allowedHostnames: ['127.0.0.1'], allowedOrigins: [baseURL!] });
  coopServer = createServer(
    createNodeListener(async (request) => {
      const answer = await app.fetch(request);
      const headers = new Headers(answer.headers);
      headers.set('cross-origin-opener-policy', 'same-origin');
      return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
    }),
  );
  await new Promise<void>((resolve) => coopServer.listen(0, '127.0.0.1', resolve));
  coopUrl = `http://127.0.0.1:${(coopServer.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  coopServer.closeAllConnections();
  await new Promise<void>((resolve) => coopServer.close(() => resolve()));
});

test.describe('both themes', () => {
  test.setTimeout(300_000);
  test.beforeEach(async ({ page }) => {
    await openApp(page);
  });

  test('axe finds nothing serious at the start and mid-run', async ({ page }) => {
    await expectNoSeriousViolations(page, 'start');
    await stepUntil(page, 'keyboard', 'host.translate-tools');
    await expectNoSeriousViolations(page, 'mid-run, translation #1');
    // Translation #2 re-types the arguments: their numbers sit on a highlighted line, where a colour must still hold 7:1.
    await stepUntil(page, 'keyboard', 'host.translate-tool-call');
    await expectNoSeriousViolations(page, 'mid-run, translation #2');
    await stepUntil(page, 'keyboard', 'host.translate-tool-result');
    await expectNoSeriousViolations(page, 'mid-run, translation #3');
  });

  test('axe finds nothing serious in the Compare, Edit, shortcuts and settings dialogs', async ({ page }) => {
    await stepUntil(page, 'keyboard', 'host.translate-tools');
    await page.getByRole('button', { name: 'Compare all six formats' }).click();
    await expect(page.getByTestId('compare-card').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'compare dialog');
    // The focus is in the dialog (on Close) while it is open, and back on its button once it closes.
    await expect(page.getByRole('dialog', { name: 'The three translations in every wire format' }).getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Compare all six formats' })).toBeFocused();
    await page.getByRole('button', { name: 'Edit before sending' }).click();
    await expectNoSeriousViolations(page, 'edit dialog');
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await expect(page.getByTestId('shortcuts-dialog')).toBeVisible();
    await expectNoSeriousViolations(page, 'shortcuts');
    await page.keyboard.press('Escape');
    await page.getByTestId('model-settings-button').click();
    await expectNoSeriousViolations(page, 'settings');
    // A server by URL: its headers editor and its OAuth client id field.
    await page.getByRole('dialog', { name: 'Model and wire format' }).getByLabel('Another Streamable HTTP server, by URL.').check();
    await expect(page.getByLabel('OAuth client id (optional)')).toBeVisible();
    await expectNoSeriousViolations(page, 'settings, a server by URL');
  });

  test('axe finds nothing serious in the switch-scenario confirm dialog, and Esc keeps the run with focus back on the select', async ({ page }) => {
    await stepUntil(page, 'keyboard', 'mcp.tools-list.request');
    // The learner is at the select when they choose (Playwright's selectOption alone moves no focus).
    await page.getByTestId('scenario-select').focus();
    await page.getByTestId('scenario-select').selectOption('two-rounds');
    const dialog = page.getByRole('dialog', { name: /Switch to/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep' })).toBeFocused();
    await expectNoSeriousViolations(page, 'switch confirm');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('scenario-select')).toBeFocused();
    await expect(page.getByTestId('scenario-select')).toHaveValue('happy-path');
  });

  test('axe finds nothing serious in each gate answer panel: consent, sampling review, the elicitation form and its error', async ({ page }) => {
    await page.getByTestId('scenario-select').selectOption('consent');
    await stepUntil(page, 'buttons', 'host.ask-consent');
    await expect(page.getByTestId('consent-answer')).toBeVisible();
    await expectNoSeriousViolations(page, 'consent gate');
    await page.goto('/?scenario=sampling');
    await stepUntil(page, 'buttons', 'client.sampling-to-host');
    await expect(page.getByTestId('sampling-review')).toBeVisible();
    await expectNoSeriousViolations(page, 'sampling gate');
    await page.goto('/?scenario=elicitation');
    await stepUntil(page, 'buttons', 'host.elicitation.ask');
    const form = page.getByTestId('elicitation-form');
    await expectNoSeriousViolations(page, 'elicitation form');
    await form.getByLabel(/The second number/).fill('');
    await form.getByRole('button', { name: 'Accept' }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    await expectNoSeriousViolations(page, 'elicitation form with an error');
  });

  test('axe finds nothing serious in provider-side MCP: the approval gate, the graph’s provider ↔ server edge, and the twin view', async ({ page }) => {
    await page.getByTestId('scenario-select').selectOption('provider-mcp');
    await stepUntil(page, 'buttons', 'host.ask-mcp-approval');
    await expect(page.getByTestId('mcp-approval-answer')).toBeVisible();
    await expectNoSeriousViolations(page, 'provider approval gate');
    await page
      .getByTestId('mcp-approval-answer')
      .getByRole('button', { name: /^Approve/ })
      .click();
    await stepUntil(page, 'buttons', 'provider.reported.tools-call.request');
    await expectNoSeriousViolations(page, 'a step the provider reports');
    await page.getByTestId('twin-button').click();
    await expect(page.getByTestId('twin-dialog').getByTestId('twin-table')).toBeVisible({ timeout: 60_000 });
    await expectNoSeriousViolations(page, 'twin view');
  });

  test('axe finds nothing serious in the URL-mode elicitation gate and on a deprecated step (2026-07-28 sampling)', async ({ page }) => {
    await page.getByTestId('scenario-select').selectOption('elicitation-url');
    await stepUntil(page, 'buttons', 'host.elicitation.ask');
    await expect(page.getByTestId('elicitation-url-text')).toBeVisible();
    await expectNoSeriousViolations(page, 'URL-mode elicitation gate');
    await page.goto('/?scenario=sampling&era=2026-07-28');
    await stepUntil(page, 'buttons', 'client.sampling-to-host');
    await expect(page.getByTestId('caption-deprecated')).toBeVisible();
    await expect(page.getByTestId('inspector-deprecated')).toBeVisible();
    await expectNoSeriousViolations(page, 'deprecated badge');
  });

  test('axe finds nothing serious in the sign-in gate, before and after Sign in, and on the consent page', async ({ page }) => {
    await page.goto('/?scenario=authorization');
    await page.getByLabel('Speed').selectOption({ label: '4×' });
    await page.getByRole('button', { name: /^Play/ }).click();
    const signIn = page.getByTestId('sign-in');
    await expect(signIn).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('sign-in-announcement')).toContainText('Sign in opens its consent page in a new window');
    await expectNoSeriousViolations(page, 'sign-in gate');
    const popupOpened = page.waitForEvent('popup');
    await signIn.click();
    const popup = await popupOpened;
    await expect(popup.getByRole('heading', { name: /Authorize MCP Lifecycle Explorer/ })).toBeVisible();
    await expectNoSeriousViolations(popup, 'consent page');
    await expect(page.getByTestId('sign-in-announcement')).toContainText('Waiting for the authorization server');
    await expectNoSeriousViolations(page, 'sign-in gate, waiting');
    await popup.getByRole('button', { name: 'Approve' }).click();
    await waitForRunStatus(page, /complete/);

    // A named server's 401: the offer to sign in.
    await page.getByTestId('model-settings-button').click();
    const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
    await dialog.getByLabel('Another Streamable HTTP server, by URL.').check();
    await dialog.getByLabel('MCP server URL').fill(`${coopUrl}/mcp/protected`);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: /^Play/ }).click();
    await expect(page.getByTestId('sign-in-to-server')).toBeVisible({ timeout: 120_000 });
    await expectNoSeriousViolations(page, 'sign in after 401');
  });

  test('axe finds nothing serious in the lesson panels: predict, era twins, what the model sees, the code behind the step, a teacher note', async ({
    page,
  }) => {
    const lesson = page.getByTestId('lesson-switches');
    await lesson.getByRole('button', { name: 'Predict the next step' }).click();
    const predict = page.getByTestId('predict-panel');
    await expect(predict).toBeVisible();
    await expectNoSeriousViolations(page, 'predict question');
    await predict.getByTestId('question-sender').getByLabel('User').check();
    await predict.getByRole('button', { name: 'Lock in and reveal' }).click();
    await expect(predict.getByTestId('prediction').first()).toHaveAttribute('data-result', /right|wrong/);
    await expectNoSeriousViolations(page, 'predict answer');
    await lesson.getByRole('button', { name: 'Predict the next step' }).click();
    await lesson.getByRole('button', { name: 'What the model sees' }).click();
    await lesson.getByRole('button', { name: 'Code behind the step' }).click();
    await stepUntil(page, 'buttons', 'provider.request');
    await expect(page.getByTestId('model-input-view').locator('[data-testid="input-part"]').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'what the model sees');
    await stepUntil(page, 'buttons', 'host.translate-tool-result');
    await expect(page.getByTestId('step-code-view').locator('[data-path]').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'code behind the step');
    await lesson.getByRole('button', { name: 'Era twins' }).click();
    const twins = page.getByTestId('era-twin-view');
    await twins.getByRole('button', { name: 'Run the question in both eras' }).click();
    await expect(twins.getByTestId('twin-row').first()).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousViolations(page, 'era twins');
    await page.goto('/?scenario=happy-path&step=12&note.mcp.tools-call.request=Look+at+the+id');
    await expect(page.getByTestId('teacher-note')).toContainText('Look at the id');
    await expectNoSeriousViolations(page, 'teacher note');
  });

  test('axe finds nothing serious in the annotated wire and the streamed reply: a provider’s stream and an MCP stream, each in its HTTP view', async ({
    page,
  }) => {
    await page.getByTestId('model-settings-button').click();
    const dialog = page.getByRole('dialog', { name: 'Model and wire format' });
    // Gemini streams whole chunks: its frames are long enough to scroll in the streamed-reply view.
    await dialog.getByLabel('Wire format (how the host talks to the model)').selectOption('gemini');
    await dialog.getByLabel('The mock model’s replies').selectOption('streamed');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    const inspector = page.getByTestId('inspector');
    for (const stepId of ['provider.response.tool-calls', 'mcp.tools-call.response']) {
      // By button: a key would go to the HTTP tab, which has focus after its click.
      await stepUntil(page, 'buttons', stepId);
      await inspector.getByRole('tab', { name: 'HTTP' }).click();
      await expect(inspector.getByTestId('http-frames').locator('[data-testid="wire-term"]').first()).toBeVisible();
      await expectNoSeriousViolations(page, `HTTP view of ${stepId}`);
    }
    await stepUntil(page, 'buttons', 'provider.response.answer');
    await inspector.getByRole('tab', { name: 'Streamed reply' }).click();
    await expect(inspector.getByTestId('stream-current-frame')).toBeVisible();
    await expectNoSeriousViolations(page, 'streamed reply');
  });

  test('axe finds nothing serious in the sequence view, at the end, in the recap and in presenter mode', async ({ page }) => {
    await page.keyboard.press('v');
    await expect(page.getByTestId('sequence-diagram')).toBeVisible();
    await stepUntil(page, 'keyboard', 'mcp.tools-list.request');
    await expectNoSeriousViolations(page, 'sequence diagram');
    await page.keyboard.press('v');
    await runToEnd(page);
    await expectNoSeriousViolations(page, 'end');
    await page.getByTestId('recap-button').click();
    await expect(page.getByTestId('recap-dialog')).toBeVisible();
    await expectNoSeriousViolations(page, 'recap dialog');
    await expect(page.getByTestId('recap-dialog').getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('recap-button')).toBeFocused();
    await page.keyboard.press('p');
    await expect(page.locator('html')).toHaveClass(/presenter/);
    await expectNoSeriousViolations(page, 'presenter mode');
  });
});

test('Tab passes one timeline row and no graph node; arrows move between rows; Enter is in the shortcut list', async ({ page }) => {
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'mcp.tools-list.request');
  const rows = await page.getByTestId('timeline-step').count();
  expect(rows).toBeGreaterThan(5);
  expect(await page.locator('.react-flow__node[tabindex="0"], .react-flow__edge[tabindex="0"]').count()).toBe(0);
  expect(await page.locator('[data-testid="timeline-step"][tabindex="0"]').count()).toBe(1);
  // From the current row, one Tab leaves the timeline; the arrows walk its rows.
  const current = page.locator('[data-testid="timeline-step"][aria-current="step"]');
  const at = await page
    .getByTestId('timeline-step')
    .evaluateAll((elements) => elements.findIndex((element) => element.getAttribute('aria-current') === 'step'));
  await current.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('timeline-step').nth(at - 1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-n', String(at));
  await page.keyboard.press('Home');
  await expect(page.getByTestId('timeline-step').first()).toBeFocused();
  // The inspector is reached from the start of the page in fewer presses than there are rows and nodes.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  let presses = 0;
  while (presses < 40 && !(await page.evaluate(() => document.activeElement?.closest('[data-testid="inspector"]') !== null))) {
    await page.keyboard.press('Tab');
    presses++;
  }
  expect(presses).toBeLessThan(40);
  expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="timeline"]') ?? null)).toBeNull();
  // The file input is no second Import button for a screen reader; the shortcut list names Enter.
  await expect(page.getByRole('button', { name: 'Trace file to import' })).toHaveCount(0);
  await expect(page.getByTestId('import-trace-input')).toBeHidden();
  await page.keyboard.press('Escape');
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcuts-dialog')).toContainText('Enter');
});

test('the caption reads with spaces and states the line each step teaches', async ({ page }) => {
  await page.goto('/');
  await stepUntil(page, 'keyboard', 'mcp.tools-list.request');
  const caption = page.getByTestId('step-caption');
  expect(await caption.evaluate((element) => element.textContent)).toMatch(/^Step 3 Discovery · MCP Client → MCP Server: Client sends tools\/list/);
  await expect(page.getByTestId('caption-lesson')).toHaveText('Look at method: an MCP request: the model is not involved');
  await stepUntil(page, 'keyboard', 'mcp.tools-call.request');
  await expect(page.getByTestId('caption-lesson')).toHaveText('Look at id: a new request, a new id');
  await expect(page.getByTestId('caption-lesson')).toBeInViewport();
});
