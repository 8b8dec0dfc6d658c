import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';
import playwrightConfig from '../playwright.config.ts';

/** Headless Chromium launched exactly as the end-to-end tests launch it (the executable and arguments of playwright.config.ts). */

export async function launchBrowser(): Promise<Browser> {
  const launchOptions = playwrightConfig.use?.launchOptions ?? {};
  return chromium.launch({ ...launchOptions, headless: true });
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
