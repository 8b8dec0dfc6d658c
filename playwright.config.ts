import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// An uncommon port: the machine is shared. E2E_PORT moves it.
const port = Number(process.env.E2E_PORT ?? 47231);

// Debian's chromium-headless-shell is Chromium's own headless build, the one Playwright runs by
// default: the same Blink without the desktop browser around it, about a fifth less CPU per test
// on these 2-core machines. The full browser serves where the shell is not installed.
const chromiumPath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate)) ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  timeout: 180_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 4,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    // Software rendering makes every animated frame costly; the animation itself is checked in one test.
    reducedMotion: 'reduce',
    // On failure the trace keeps the actions, console and network; DOM snapshots and the screencast
    // cost a quarter of the suite's time (1.6 against 1.2 min on the scenario and wire-format specs).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // Serves the built app (npm test builds it first), /mcp and /mock on one port: the real server.
    command: `npx tsx server/cli/start.ts --port ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
