import { configDefaults, defineConfig } from 'vitest/config';
// The test files, and those of them that get a process each; eslint.config.js reads the same lists.
import TEST_FILES from './tests/setup/test-files.json' with { type: 'json' };

// npm run test:package runs these: they pack the package, which builds the app.
const EXCLUDED = [...configDefaults.exclude, 'tests/package/**'];

export default defineConfig({
  test: {
    environment: 'node',
    // Vitest takes one worker fewer than the cores, one here: many files wait on child processes and
    // real servers, and one worker left half the machine idle (load 1.5 on 2 cores through the suite).
    maxWorkers: 2,
    // The CLI, bundled once for the tests that start it as a child process (see the file).
    globalSetup: ['tests/setup/build-cli-bundle.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    projects: [
      {
        extends: true,
        // Most files share their worker's modules: a fresh process per file loaded the SDKs, zod and the
        // server again each time, 107 of the suite's 272 s on a slow 2-core machine (165 s shared).
        // Sharing is safe for a file that stubs no global, mocks no module, fakes no timer and watches no
        // process-wide event; lint refuses those calls in the shared files (eslint.config.js).
        test: { name: 'shared', include: TEST_FILES.all, exclude: [...EXCLUDED, ...TEST_FILES.isolated], isolate: false },
      },
      {
        extends: true,
        // The page's store and views (a global store, jsdom), fake timers, stubbed globals, console spies,
        // and the fuzz test, which counts the process's unhandled errors and heap: each in its own process.
        test: { name: 'isolated', include: TEST_FILES.isolated, exclude: EXCLUDED },
      },
    ],
  },
});
