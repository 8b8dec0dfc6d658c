import { createServer, type Server } from 'node:http';
import { expect, test, type FrameLocator } from '@playwright/test';

/**
 * The embeddable lesson view (?embed=1) from the static build, framed by a course page
 * of another origin. A static host sends no framing headers (SECURITY.md: the static site
 * cannot send them), so nothing refuses the frame; the Service Worker that serves the
 * frame must install and answer there as it does at the top level. Framed by another
 * site, a browser that blocks third-party storage refuses that worker: the frame says so
 * and points to the full explorer.
 */

async function startCoursePage(lessonUrl: string, host: '127.0.0.1' | 'localhost'): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, answer) => {
    answer.writeHead(200, { 'content-type': 'text/html' });
    answer.end(
      `<!doctype html><html lang="en"><title>Week 1</title><h1>Week 1: a tool call</h1><iframe title="lesson" src="${lessonUrl}" width="1200" height="820"></iframe></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, url: `http://${host}:${typeof address === 'object' && address ? address.port : 0}/week-1` };
}

/** One press of Next inside the frame, waiting until that press's step is on show. */
async function pressNextInFrame(frame: FrameLocator): Promise<void> {
  const inspector = frame.getByTestId('inspector');
  const shown = Number((await inspector.getAttribute('data-n')) ?? 0);
  await frame.getByRole('button', { name: /^Next/ }).click();
  await expect(inspector).toHaveAttribute('data-n', String(shown + 1), { timeout: 30_000 });
}

test('?embed=1 from the static build, framed by a course page of another origin: it opens at the linked step, steps on with the Service Worker as its server, and shows no settings or files', async ({
  page,
  baseURL,
}) => {
  const lessonUrl = `${baseURL}?embed=1&scenario=happy-path&step=5&note.mcp.tools-list.response=Count+the+tools`;
  // What the static host sends for the page: no framing header, so any site may frame it.
  const direct = await page.request.get(lessonUrl);
  expect(direct.status()).toBe(200);
  expect(direct.headers()['x-frame-options']).toBeUndefined();
  expect(direct.headers()['content-security-policy']).toBeUndefined();

  // Another port: another origin of the same site, as a course page on the same host is.
  const course = await startCoursePage(lessonUrl, '127.0.0.1');
  try {
    await page.goto(course.url);
    const frame = page.frameLocator('iframe[title="lesson"]');
    // The link's step: the worker installs inside the frame and the run reaches step 5 by itself.
    await expect(frame.getByTestId('inspector')).toHaveAttribute('data-canonical', '5', { timeout: 45_000 });
    await expect(frame.getByTestId('inspector')).toHaveAttribute('data-step-id', 'mcp.tools-list.response');
    await expect(frame.getByTestId('static-site-status')).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
    await expect(frame.getByTestId('teacher-note')).toContainText('Count the tools');

    // What the embed view shows: the lesson's step, its caption, the graph, the timeline and the controls.
    await expect(frame.getByTestId('step-caption')).toBeVisible();
    await expect(frame.getByTestId('main-view')).toBeVisible();
    await expect(frame.getByRole('complementary', { name: 'Timeline' })).toBeVisible();
    await expect(frame.getByRole('button', { name: /^Next/ })).toBeVisible();
    const fullExplorer = frame.getByRole('link', { name: 'Open in the full explorer' });
    await expect(fullExplorer).toHaveAttribute('href', `${baseURL}?scenario=happy-path&step=5&note.mcp.tools-list.response=Count+the+tools`);
    await expect(fullExplorer).toHaveAttribute('target', '_blank');
    // What it hides: the model settings, the trace files, the display settings and the question bar.
    await expect(frame.getByTestId('model-settings-button')).toHaveCount(0);
    await expect(frame.getByTestId('import-trace-input')).toHaveCount(0);
    await expect(frame.getByLabel('Theme')).toHaveCount(0);
    await expect(frame.getByTestId('scenario-select')).toHaveCount(0);

    // Stepping on inside the frame: real MCP and model traffic to the worker, to the answer.
    for (let press = 0; press < 30; press++) {
      if ((await frame.getByTestId('inspector').getAttribute('data-step-id')) === 'host.answer') break;
      await pressNextInFrame(frame);
    }
    await expect(frame.getByTestId('inspector')).toHaveAttribute('data-step-id', 'host.answer');
    await expect(frame.getByTestId('answer')).toContainText('5 plus 7 is 12.');
    const canonicals = await frame
      .getByTestId('timeline-step')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-canonical')).filter((value) => value !== ''));
    expect(canonicals).toEqual(Array.from({ length: 20 }, (_, index) => String(index + 1)));
  } finally {
    course.server.close();
  }
});

test('?embed=1 framed by a page of another site, where the browser refuses the frame a Service Worker: the frame says why and links to the full explorer', async ({
  page,
  baseURL,
}) => {
  const lessonUrl = `${baseURL}?embed=1&scenario=happy-path&step=5`;
  // localhost frames 127.0.0.1: another site. This Chromium blocks third-party storage there, and with it the worker.
  const course = await startCoursePage(lessonUrl, 'localhost');
  try {
    await page.goto(course.url);
    const frame = page.frameLocator('iframe[title="lesson"]');
    const status = frame.getByTestId('static-site-status');
    await expect(status).toHaveAttribute('data-phase', 'failed', { timeout: 30_000 });
    await expect(status).toContainText('could not be installed');
    await expect(frame.getByTestId('framed-embed-note')).toContainText('Open in the full explorer, above, runs the same lesson');
    await expect(frame.getByRole('link', { name: 'Open in the full explorer' })).toHaveAttribute('href', `${baseURL}?scenario=happy-path&step=5`);
    // Not framed, the same page has its worker: the note is for the frame only.
    await page.goto(lessonUrl);
    await expect(page.getByTestId('static-site-status')).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
    await expect(page.getByTestId('inspector')).toHaveAttribute('data-canonical', '5', { timeout: 30_000 });
    await expect(page.getByTestId('framed-embed-note')).toHaveCount(0);
  } finally {
    course.server.close();
  }
});
