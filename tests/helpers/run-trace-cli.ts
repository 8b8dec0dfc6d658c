import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createCliCommand } from './cli-command.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type CliResult = { code: number; stdout: string; stderr: string };

/**
 * `npm run trace` as a user runs it: a child process that starts its own server and
 * prints the run. It resolves however the process ends, so a test can assert the exit code.
 */
export function runTraceCli(
  parameters: string[],
  { timeoutMs = 60_000, maxBuffer, env }: { timeoutMs?: number; maxBuffer?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<CliResult> {
  // Only what is given is passed on: execFile takes an explicit undefined as "no limit", not as its default.
  const options = { cwd: root, timeout: timeoutMs, ...(maxBuffer === undefined ? {} : { maxBuffer }), ...(env === undefined ? {} : { env }) };
  return new Promise((resolve) => {
    const command = createCliCommand('trace', parameters);
    execFile(command.file, command.arguments, options, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
