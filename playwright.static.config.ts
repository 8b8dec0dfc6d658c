import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import servedAppConfig from './playwright.config.ts';

/**
 * The static site (npm run test:static builds it first) served by a plain static file
 * server, with no app server anywhere: the MCP server and the mock model can only be
 * the Service Worker's. Served under sub-paths to prove the site works below a root.
 */

// An uncommon port: the machine is shared. STATIC_E2E_PORT moves it.
const port = Number(process.env.STATIC_E2E_PORT ?? 47331);
// The update test deploys two versions here, one after the other; the tests read the same variable.
process.env.STATIC_UPDATE_DIRECTORY ??= path.join(os.tmpdir(), `mcp-lifecycle-explorer-update-site-${port}`);
// The deployment tests (e2e-static/deployments.spec.ts) replace and remove files in theirs.
process.env.STATIC_TABS_DIRECTORY ??= path.join(os.tmpdir(), `mcp-lifecycle-explorer-tabs-site-${port}`);
process.env.STATIC_REMOVED_DIRECTORY ??= path.join(os.tmpdir(), `mcp-lifecycle-explorer-removed-site-${port}`);

const mounts = [
  '/explorer/=dist-static',
  // Its own sub-path: the server's request log then shows what this test's page asked for, and nothing else.
  '/explorer-offline/=dist-static',
  `/explorer-update/=${process.env.STATIC_UPDATE_DIRECTORY}`,
  `/explorer-tabs/=${process.env.STATIC_TABS_DIRECTORY}`,
  `/explorer-removed/=${process.env.STATIC_REMOVED_DIRECTORY}`,
];

export default defineConfig({
  testDir: 'e2e-static',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 4,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/explorer/`,
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    reducedMotion: 'reduce',
    trace: servedAppConfig.use?.trace,
    // The served app's flags, in the full Debian Chromium: it refuses a Service Worker to a page framed by
    // another site, as the embed test needs, where the headless shell the served app's tests use lets it install.
    launchOptions: { ...servedAppConfig.use?.launchOptions, executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    serviceWorkers: 'allow',
  },
  webServer: {
    command: `npx tsx e2e-static/static-file-server.ts --port ${port} ${mounts.map((mount) => `--mount ${mount}`).join(' ')}`,
    url: `http://127.0.0.1:${port}/explorer/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
