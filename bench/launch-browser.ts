import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';
import playwrightConfig from '../playwright.config.ts';

/**
 * Headless Chromium with the end-to-end tests' arguments (playwright.config.ts), but the full
 * browser a user runs, not the lighter headless shell the tests prefer: what is measured here
 * is what a learner's page does.
 */
export async function launchBrowser(): Promise<Browser> {
  const launchOptions = playwrightConfig.use?.launchOptions ?? {};
  return chromium.launch({ ...launchOptions, executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true });
}

/**
 * tsx compiles the bench with esbuild's keepNames, which wraps inner functions in
 * __name(fn, "name"); functions sent into the page keep those calls, so the page gets
 * a __name that does nothing.
 */
const DEFINE_NAME_HELPER = 'globalThis.__name = (target) => target;';

/** A fresh context (empty cache) with the tests' viewport; the caller chooses reduced motion. */
export async function openContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: playwrightConfig.use?.viewport ?? { width: 1440, height: 900 }, reducedMotion: 'reduce', ...options });
  await context.addInitScript(DEFINE_NAME_HELPER);
  return context;
}
