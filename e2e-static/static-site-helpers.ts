import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import sirv from 'sirv';
import { readHeadersFile } from '../tests/helpers/read-headers-file.ts';

/** Waits until the in-browser server controls the page and has said it is ready. */
export async function waitForInBrowserServer(page: Page): Promise<void> {
  await expect(page.getByTestId('static-site-status')).toHaveAttribute('data-phase', 'ready', { timeout: 30_000 });
}

/**
 * Waits until this version's offline copy is whole: a first visit caches only the page before
 * its worker activates and the rest after (service-worker.ts), so until then a file the host
 * stops serving may be in no cache at all.
 */
export async function waitForOfflineCopy(page: Page): Promise<void> {
  await expect(page.getByTestId('static-site-status')).toContainText('works offline once loaded', { timeout: 60_000 });
}

/**
 * Keeps every text the worker status showed, from the first paint on: the install can be
 * over before a test could look, and the learner saw it all the same.
 */
export async function recordStatusTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { statusTexts: string[] }).statusTexts = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="static-site-status"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

export async function readStatusTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts);
}

/**
 * The cache names of this origin that hold a version of a site, as the page sees them;
 * not the worker's record of which version each open page was loaded with (`… pages`).
 */
export async function readCacheNames(page: Page): Promise<string[]> {
  return (await page.evaluate(() => caches.keys())).filter((name) => !/^mcp-lifecycle-explorer \S+ pages$/.test(name));
}

/** The static file server's log of the paths it was asked for, since it started. */
export async function readServedPaths(page: Page, baseURL: string): Promise<string[]> {
  const response = await page.request.get(new URL('/__requests', baseURL).href);
  return (await response.json()) as string[];
}

/**
 * A folder on a plain static file server of its own, in this process, at the root of a free
 * port: for a test's own build. With `headersFile`, it sends the headers the folder's
 * `_headers` names, as Netlify or Cloudflare Pages would.
 */
export async function serveFolder(directory: string, { headersFile = false } = {}): Promise<{ url: string; close: () => Promise<void> }> {
  const rules = headersFile ? readFileSync(path.join(directory, '_headers'), 'utf8') : '';
  const serveFiles = sirv(directory, {
    dev: true,
    etag: true,
    single: false,
    extensions: ['html'],
    gzip: false,
    brotli: false,
    setHeaders: (response, pathname) => {
      for (const [name, value] of readHeadersFile(rules, pathname)) response.setHeader(name, value);
    },
  });
  const server = createServer((request, response) => {
    // The folder's own configuration is the host's, not a file of the site.
    if (headersFile && new URL(request.url ?? '/', 'http://localhost').pathname === '/_headers') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    serveFiles(request, response, () => {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
