import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

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
    execFile(tsx, ['server/cli/trace.ts', ...parameters], options, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
