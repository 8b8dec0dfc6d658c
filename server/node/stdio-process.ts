import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { StdioCommand } from './parse-stdio-command.ts';
import { readLines } from './read-lines.ts';

/**
 * One stdio MCP server process: started once, from a command the person at the keyboard
 * gave on the command line (never from a request), with `shell: false` and the SDK's
 * short list of inherited variables (PATH, HOME, …), so API keys in the app's
 * environment do not reach a program the app did not write. Its stdout and stderr are
 * read line by line; JSON-RPC is one message a line on stdin and stdout.
 */

/** A line longer than this (16 MiB) is not kept whole: it is reported cut, instead of holding memory without bound. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

export type StdioLine = { stream: 'stdout' | 'stderr'; line: string; at: number };

export type StdioProcess = {
  readonly running: boolean;
  /** Milliseconds since the process was started. */
  now(): number;
  /** Writes one line (a newline is added); false when the process has ended. */
  writeLine(line: string): boolean;
  /** How the process ended, in words, once it has. */
  readonly exitDescription: string | undefined;
  stop(): Promise<void>;
};

/** Starts the program and resolves once it runs; rejects, in words, when it cannot be started (no such program, no permission). */
export async function startStdioProcess({
  command,
  onLine,
  onExit,
}: {
  command: StdioCommand;
  onLine: (line: StdioLine) => void;
  onExit: (description: string) => void;
}): Promise<StdioProcess> {
  const startedAt = performance.now();
  const now = () => Math.round(performance.now() - startedAt);
  const child: ChildProcessWithoutNullStreams = spawn(command.command, command.args, {
    shell: false,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: getDefaultEnvironment(),
    windowsHide: true,
  });
  let exitDescription: string | undefined;
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    child.once('error', (error: NodeJS.ErrnoException) => {
      const why = error.code === 'ENOENT' ? 'there is no such program on the PATH' : error.code === 'EACCES' ? 'it is not executable' : error.message;
      reject(new Error(`Cannot start "${command.command}": ${why}. Check the command after --stdio NAME= (it runs without a shell, so write the program itself, for example node or npx).`));
    });
  });
  readLines(child.stdout, { maxLineBytes: MAX_LINE_BYTES, onLine: ({ line }) => onLine({ stream: 'stdout', line, at: now() }) });
  readLines(child.stderr, { maxLineBytes: MAX_LINE_BYTES, onLine: ({ line }) => onLine({ stream: 'stderr', line, at: now() }) });
  // A server that exits while the bridge writes must not take the app down with EPIPE.
  child.stdin.on('error', () => {});
  child.once('exit', (code, signal) => {
    exitDescription = signal ? `stopped by ${signal}` : `exit code ${code}`;
    onExit(exitDescription);
  });
  return {
    get running() {
      return exitDescription === undefined;
    },
    get exitDescription() {
      return exitDescription;
    },
    now,
    writeLine(line) {
      if (exitDescription !== undefined || !child.stdin.writable) return false;
      child.stdin.write(`${line}\n`);
      return true;
    },
    async stop() {
      if (exitDescription !== undefined) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin.end();
      child.kill('SIGTERM');
      // A server that ignores SIGTERM is killed after a grace period.
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
}
