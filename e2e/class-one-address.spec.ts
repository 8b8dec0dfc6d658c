import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { serve, type RunningServer } from '../server/node/serve.ts';
import { runToEnd, stepUntil } from './helpers.ts';

/**
 * Two learners behind one address (here both on 127.0.0.1), on a server with per-client
 * limits of one session each, as `npm start -- --host … --max-sessions-per-client 1` would
 * have: the page itself, with no Service Worker and no script of ours, gets an id from the
 * server in an HttpOnly cookie, and the browser sends it with the MCP requests. So the
 * second learner's session is its own: counted by address, it was refused with 429 while
 * the first learner's session was live.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
let app: RunningServer;

test.beforeAll(async () => {
  app = await serve({ port: 0, staticDirectory: `${root}dist`, clientLimits: { maxSessions: 1 } });
});

test.afterAll(async () => {
  await app?.close();
});

test('two learners behind one address: each browser gets its own client id from the page, and each its own session', async ({ browser }) => {
  const learners = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    const [first, second] = await Promise.all(learners.map((context) => context.newPage()));
    for (const page of [first!, second!]) {
      await page.goto(`${app.url}/`);
      await page.getByTestId('scenario-select').selectOption('sessions');
      await expect(page.getByTestId('scenario-lesson')).toBeVisible();
    }
    const cookies = await Promise.all(learners.map(async (context) => (await context.cookies()).find((cookie) => cookie.name === 'explorer-client')));
    for (const cookie of cookies) expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(cookies[0]!.value).not.toBe(cookies[1]!.value);
    // Script in the page cannot read it.
    expect(await first!.evaluate(() => document.cookie)).not.toContain('explorer-client');

    // The first learner's session is live, paused at tools/list; the second runs the whole lifecycle meanwhile.
    await stepUntil(first!, 'keyboard', 'mcp.tools-list.request');
    await runToEnd(second!);
    await expect(second!.getByTestId('run-status')).toContainText(/complete/i);
    await expect(second!.getByTestId('answer')).toContainText('5 plus 7 is 12.');
    await runToEnd(first!);
    await expect(first!.getByTestId('run-status')).toContainText(/complete/i);
  } finally {
    await Promise.all(learners.map((context) => context.close()));
  }
});
