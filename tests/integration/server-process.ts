import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createCliCommand } from '../helpers/cli-command.ts';

/**
 * `npm run server` as a user runs it: its own process, flags from the command line.
 * Some failures show only across processes: in one process the client and the
 * server share an event loop, and the timing that loses an answer never happens.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

export type ServerProcess = { url: string; port: number; pid: number; stderr: () => string; stop: () => Promise<void> };

export function startServerProcess(flags: string[] = [], timeoutMs = 30_000): Promise<ServerProcess> {
  const command = createCliCommand('server', ['--port', '0', ...flags]);
  const child = spawn(command.file, command.arguments, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`npm run server did not print its address within ${timeoutMs} ms. stderr: ${stderr}`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:(\d+))\/mcp\b/.exec(stdout);
      if (!match?.[1] || !match[2]) return;
      clearTimeout(timer);
      resolve({ url: match[1], port: Number(match[2]), pid: child.pid ?? 0, stderr: () => stderr, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm run server exited (${code}) before it listened. stderr: ${stderr}`));
    });
  });
}
