import { expect, test, type Page } from '@playwright/test';
import { readPayloadsOf, runToEnd, stepUntil } from './helpers.ts';

/**
 * URL-mode elicitation (the toolbox's sign_in_first) answered in real Chromium against the
 * real server: the gate shows the whole address before anything opens, Open opens the
 * server's own page in a tab of its own, and each answer (accept, decline, cancel) reaches
 * the server, whose tool result says what it made of it. The assertions read the recorded
 * steps and the server's answers, so a gate that opened another page or sent another
 * action fails.
 */

type Era = '2025-11-25' | '2026-07-28';

const PAGE_PATH = '/mcp/toolbox/elicitation-page';

async function reachUrlGate(page: Page, era: Era) {
  await page.goto('/?scenario=elicitation-url');
  await expect(page.getByTestId('scenario-select')).toHaveValue('elicitation-url');
  if (era === '2026-07-28') await page.getByText('2026-07-28', { exact: true }).click();
  await stepUntil(page, 'buttons', 'host.elicitation.ask', 40);
  const gate = page.getByTestId('elicitation-url');
  await expect(gate).toBeVisible();
  return gate;
}

/** The text of every tools/call result the server sent in this run. */
async function readToolResults(page: Page): Promise<string[]> {
  const responses = (await readPayloadsOf(page, 'mcp.tools-call.response')) as { result?: { content?: { text?: string }[] } }[];
  return responses.map((response) => response.result?.content?.[0]?.text ?? '');
}

for (const era of ['2025-11-25', '2026-07-28'] as const) {
  test(`elicitation URL mode (${era}): the whole address shown first, Open shows the server's page, accept signs in`, async ({ page, context, baseURL }) => {
    const gate = await reachUrlGate(page, era);
    const expected = `${baseURL}${PAGE_PATH}`;
    // The spec: show the full URL and ask before opening it. Nothing is open yet, and the address is the server's.
    await expect(gate.getByTestId('elicitation-url-text')).toHaveText(expected);
    expect(context.pages()).toHaveLength(1);
    await expect(gate.getByRole('button', { name: /I’m done \(without opening it\)|I'm done \(without opening it\)/ })).toBeVisible();

    const opened = context.waitForEvent('page');
    await gate.getByRole('button', { name: 'Open', exact: true }).click();
    const serverPage = await opened;
    await serverPage.waitForLoadState('domcontentloaded');
    expect(serverPage.url()).toBe(expected);
    await expect(serverPage.getByRole('heading', { level: 1 })).toHaveText('You are on the MCP server’s own page');
    // noopener: the server's page cannot reach back into the explorer through window.opener.
    expect(await serverPage.evaluate(() => window.opener)).toBeNull();
    await serverPage.close();

    // Back in the explorer: the gate now knows the page was opened.
    await expect(gate.getByRole('button', { name: /^I.m done$/ })).toBeVisible();
    await gate.getByRole('button', { name: /^I.m done$/ }).click();
    await expect(gate).toBeHidden();
    await runToEnd(page);
    await expect(page.getByTestId('run-status')).toContainText(/complete/i);
    await expect(page.getByTestId('answer')).toContainText('signed in');

    expect(await readPayloadsOf(page, 'host.elicitation.ask')).toEqual([
      { message: 'Open this page of the server to sign in, then come back.', url: expected },
    ]);
    expect(await readPayloadsOf(page, 'user.elicitation.answer')).toEqual([{ action: 'accept' }]);
    // The client tells the server only the action: the page's content never passes through the host.
    expect(await readPayloadsOf(page, 'host.elicitation.result')).toEqual([{ action: 'accept' }]);
    await page.locator('[data-testid="timeline-step"][data-step-id="user.elicitation.answer"]').click();
    await expect(page.getByTestId('inspector')).toContainText(/out of band/);
    expect((await readToolResults(page)).at(-1)).toBe(
      "The client answered accept: the user says they are done on the server's page. This teaching server asks nothing there, so it takes their word: signed in.",
    );
  });
}

for (const [era, action] of [
  ['2025-11-25', 'decline'],
  ['2026-07-28', 'decline'],
  ['2025-11-25', 'cancel'],
  ['2026-07-28', 'cancel'],
] as const) {
  test(`elicitation URL mode (${era}): ${action} without opening the page, and the server does nothing`, async ({ page, context }) => {
    const gate = await reachUrlGate(page, era);
    await gate.getByRole('button', { name: action === 'decline' ? 'Decline' : 'Cancel' }).click();
    await expect(gate).toBeHidden();
    await runToEnd(page);
    await expect(page.getByTestId('run-status')).toContainText(/complete/i);
    await expect(page.getByTestId('answer')).toContainText('not signed in');
    // Nothing was opened on the learner's behalf.
    expect(context.pages()).toHaveLength(1);
    expect(await readPayloadsOf(page, 'user.elicitation.answer')).toEqual([{ action }]);
    expect(await readPayloadsOf(page, 'host.elicitation.result')).toEqual([{ action }]);
    expect((await readToolResults(page)).at(-1)).toBe(`The user chose ${action}: not signed in, so nothing was done.`);
  });
}
