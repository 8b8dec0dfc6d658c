import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Two projects in one run, sharing its workers: `served-app` (e2e/) against `npm start`'s server, and
 * `static-site` (e2e-static/) against the static build (npm run build:static) on a plain file server.
 * Run one after the other, each suite's last long tests ran with the other workers idle, and the
 * static site's waits (its runs play at 4×) left the CPU to nothing. `--project` runs one of them.
 */

// Uncommon ports: the machine is shared. E2E_PORT and STATIC_E2E_PORT move them.
const port = Number(process.env.E2E_PORT ?? 47231);
const staticPort = Number(process.env.STATIC_E2E_PORT ?? 47331);

// Debian's chromium-headless-shell is Chromium's own headless build, the one Playwright runs by
// default: the same Blink without the desktop browser around it, about a fifth less CPU per test
// on these 2-core machines. The full browser serves where the shell is not installed.
const chromiumPath =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate)) ?? '/usr/bin/chromium';

const launchOptions = {
  executablePath: chromiumPath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

// The static site's update test deploys two versions here, one after the other; the tests read the same variable.
process.env.STATIC_UPDATE_DIRECTORY ??= path.join(os.tmpdir(), `mcp-lifecycle-explorer-update-site-${staticPort}`);
// The deployment tests (e2e-static/deployments.spec.ts) replace and remove files in theirs.
process.env.STATIC_TABS_DIRECTORY ??= path.join(os.tmpdir(), `mcp-lifecycle-explorer-tabs-site-${staticPort}`);
process.env.STATIC_REMOVED_DIRECTORY ??= path.join(os.tmpdir(), `mcp-lifecycle-explorer-removed-site-${staticPort}`);

// The static site served under sub-paths, to prove it works below a root.
const mounts = [
  '/explorer/=dist-static',
  // Its own sub-path: the server's request log then shows what this test's page asked for, and nothing else.
  '/explorer-offline/=dist-static',
  // The authorization flow offline, with a log of its own: two tests reading one log see each other's requests.
  '/explorer-offline-auth/=dist-static',
  // The model in the tab offline: its own log of what the page asked for.
  '/explorer-tab-model/=dist-static',
  `/explorer-update/=${process.env.STATIC_UPDATE_DIRECTORY}`,
  `/explorer-tabs/=${process.env.STATIC_TABS_DIRECTORY}`,
  `/explorer-removed/=${process.env.STATIC_REMOVED_DIRECTORY}`,
];

// Without the static build there is nothing to serve: its project and file server are left out, and the run says so.
const staticSiteBuilt = existsSync('dist-static/index.html');
if (!staticSiteBuilt && process.env.TEST_WORKER_INDEX === undefined)
  console.warn('dist-static/ is not built (npm run build:static): the static-site project is left out of this run.');

const staticSiteUse = { baseURL: `http://127.0.0.1:${staticPort}/explorer/`, serviceWorkers: 'allow' as const };
// The embed tests in the full Debian Chromium: it refuses a Service Worker to a page framed by another site, as one of
// them needs, where the headless shell lets it install. The rest take the shell, three tenths less CPU (209 against 147 busy
// CPU-seconds for four of the static site's specs, the same 14 passing).
const embedSpec = /embed\.spec\.ts$/;
const staticSiteProjects = [
  { name: 'static-site', testDir: 'e2e-static', testIgnore: embedSpec, timeout: 120_000, use: staticSiteUse },
  {
    name: 'static-site-framed',
    testDir: 'e2e-static',
    testMatch: embedSpec,
    timeout: 120_000,
    use: { ...staticSiteUse, launchOptions: { ...launchOptions, executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } },
  },
];

const staticFileServer = {
  // The static build on a plain file server, with no app server behind it: the MCP server and the mock model can only be the Service Worker's.
  command: `npx tsx e2e-static/static-file-server.ts --port ${staticPort} ${mounts.map((mount) => `--mount ${mount}`).join(' ')}`,
  url: `http://127.0.0.1:${staticPort}/explorer/`,
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
};

export default defineConfig({
  timeout: 180_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 4,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    // Software rendering makes every animated frame costly; the animation itself is checked in one test.
    reducedMotion: 'reduce',
    // On failure the trace keeps the actions, console and network; DOM snapshots and the screencast
    // cost a quarter of the suite's time (1.6 against 1.2 min on the scenario and wire-format specs).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    launchOptions,
  },
  // The static site first: its longest tests (whole reaching-back runs) then start early instead of ending the run.
  projects: [
    ...(staticSiteBuilt ? staticSiteProjects : []),
    {
      name: 'served-app',
      testDir: 'e2e',
      use: { baseURL: `http://127.0.0.1:${port}` },
    },
  ],
  webServer: [
    {
      // Serves the built app (npm test builds it first), /mcp and /mock on one port: the real server.
      command: `npx tsx server/cli/start.ts --port ${port}`,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    ...(staticSiteBuilt ? [staticFileServer] : []),
  ],
});
