import { build } from 'vite';

/**
 * Vitest's global setup: bundles the CLI (server/cli/cli.ts, as `npm run build:server` does
 * for the npm package) from the sources under test, once per test run, before any test file
 * starts. The tests that start the CLI or the server as a child process run that bundle
 * (tests/helpers/cli-command.ts): a process that loads a few bundled files spends about a
 * third of the CPU of one in which tsx compiles and links hundreds of TypeScript modules,
 * and some ninety such processes start in a run of the suite.
 */
export default async function buildCliBundle(): Promise<void> {
  await build({ configFile: 'vite.server.config.ts', logLevel: 'warn' });
}
