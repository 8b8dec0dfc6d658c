import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Bundled by tests/setup/build-cli-bundle.ts at the start of the run, where the npm package keeps it. */
const CLI_BUNDLE = fileURLToPath(new URL('../../dist-server/cli/cli.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type CliCommand = 'start' | 'trace' | 'server';

/** The executable and arguments of `npx mcp-lifecycle-explorer <command> …`: the CLI as the npm package runs it. */
export function createCliCommand(command: CliCommand, parameters: readonly string[]): { file: string; arguments: string[] } {
  return { file: process.execPath, arguments: [CLI_BUNDLE, command, ...parameters] };
}

/** That command as a child process in the repository's folder, its output piped. */
export function spawnCli(command: CliCommand, parameters: readonly string[], env?: Record<string, string>): ChildProcessWithoutNullStreams {
  const { file, arguments: cliArguments } = createCliCommand(command, parameters);
  return spawn(file, cliArguments, { cwd: ROOT, ...(env ? { env: { ...process.env, ...env } } : {}) });
}
