import type { Page } from '@playwright/test';

/** Opens the app and imports a trace file through its file input, as a learner would; waits until step 1 is on show. */
export async function openAppWithTrace(page: Page, input: { appUrl: string; tracePath: string }): Promise<void> {
  await page.goto(`${input.appUrl}/`, { waitUntil: 'load' });
  await page.getByTestId('import-trace-input').setInputFiles(input.tracePath);
  // Before the import no step is on show, so step 1 in the inspector means the file is in.
  await page.waitForFunction(() => document.querySelector('[data-testid="inspector"]')?.getAttribute('data-n') === '1', undefined, { timeout: 60_000 });
}

/** Switches the main view by its tab, and waits for the view to be there. */
export async function chooseMainView(page: Page, view: 'graph' | 'sequence'): Promise<void> {
  await page.getByRole('tab', { name: view === 'graph' ? 'Graph' : 'Sequence diagram' }).click();
  await page.getByTestId(view === 'graph' ? 'lifecycle-graph' : 'sequence-diagram').waitFor({ timeout: 30_000 });
}
