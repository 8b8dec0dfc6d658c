import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.test.ts', 'tests/**/*.test.ts', 'bench/**/*.test.ts'],
    // npm run test:package runs these: they pack the package, which builds the app.
    exclude: [...configDefaults.exclude, 'tests/package/**'],
    environment: 'node',
    // Vitest takes one worker fewer than the cores, one here: many files wait on child processes and
    // real servers, and one worker left half the machine idle (load 1.5 on 2 cores through the suite).
    maxWorkers: 2,
    // The CLI, bundled once for the tests that start it as a child process (see the file).
    globalSetup: ['tests/setup/build-cli-bundle.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
