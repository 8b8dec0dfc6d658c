import { expect, test } from '@playwright/test';
import { readPayloadsOf, runToEnd } from './helpers.ts';

/**
 * The model settings list the server's prompts and resources (prompts/list and
 * resources/list on the real toolbox), and a lifecycle starts from a prompt the learner
 * picked with arguments they typed: the run's prompts/get carries exactly those.
 */
test('a lifecycle started from a prompt chosen and filled in the model settings', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('scenario-select').selectOption('prompts');
  await page.getByTestId('model-settings-button').click();
  const section = page.getByTestId('server-offerings');
  await section.getByRole('button', { name: 'Load from server' }).click();
  await expect(section.getByRole('list', { name: "The server's resources" })).toContainText('toolbox://tables/length-units');
  const form = section.getByRole('form', { name: 'Start from a prompt' });
  await form.getByRole('combobox', { name: 'Prompt', exact: true }).selectOption('unit_conversion');
  await form.getByRole('textbox', { name: /^value/ }).fill('3');
  await form.getByRole('button', { name: 'Run this prompt' }).click();
  await expect(form.getByRole('alert')).toHaveText('The prompt needs from, to: fill them in, then run.');
  await form.getByRole('textbox', { name: /^from/ }).fill('miles');
  await form.getByRole('textbox', { name: /^to/ }).fill('kilometers');
  await form.getByRole('button', { name: 'Run this prompt' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await runToEnd(page);
  const gets = (await readPayloadsOf(page, 'mcp.prompts-get.request')) as { params: unknown }[];
  expect(gets.map((get) => get.params)).toMatchObject([{ name: 'unit_conversion', arguments: { value: '3', from: 'miles', to: 'kilometers' } }]);
  const calls = (await readPayloadsOf(page, 'mcp.tools-call.request')) as { params: { name: string; arguments: Record<string, unknown> } }[];
  expect(calls[0]?.params.name).toBe('convert_units');
  expect(JSON.stringify(calls[0]?.params.arguments)).toMatch(/miles.*kilometers/);
});
