import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { StdioCommand } from './parse-stdio-command.ts';
import { endGroup, signalGroup, STOP_GRACE_MS } from './process-group.ts';
import { readLines } from './read-lines.ts';

/**
 * One stdio MCP server process: started once, from a command the person at the keyboard
 * gave on the command line (never from a request), with `shell: false` and the SDK's
 * short list of inherited variables (PATH, HOME, …), so API keys in the app's
 * environment do not reach a program the app did not write. Its stdout and stderr are
 * read line by line; JSON-RPC is one message a line on stdin and stdout.
 *
 * It runs in a process group of its own (on Linux and macOS), so that stopping it ends
 * whatever it started too: `npx` starts the real server as a grandchild, and a program may
 * leave helpers behind. SIGTERM goes to the whole group, SIGKILL to what is left after the
 * grace period.
 */

/** A line longer than this (16 MiB) is not kept whole: the bridge reports it cut, instead of holding memory without bound. */
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
  /** Ends the program and everything it started, even when the program itself has already exited. */
  stop(): Promise<void>;
};

/**
 * The groups started and not yet ended. Should the app end without stopping them (an
 * uncaught error, a process.exit elsewhere), they are killed on its way out: a group of
 * its own no longer hears the terminal's Ctrl+C, so nothing else would end them.
 */
const liveGroups = new Set<number>();
let exitHookInstalled = false;
function trackGroup(groupId: number): void {
  liveGroups.add(groupId);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const group of liveGroups) signalGroup(group, 'SIGKILL');
  });
}

async function stopGroup(groupId: number): Promise<void> {
  await endGroup(groupId);
  liveGroups.delete(groupId);
}

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
    // A group of its own (setsid), whose id is the child's pid: stop() ends the whole group.
    detached: process.platform !== 'win32',
  });
  let exitDescription: string | undefined;
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', () => resolve());
    child.once('error', (error: NodeJS.ErrnoException) => {
      const why = error.code === 'ENOENT' ? 'there is no such program on the PATH' : error.code === 'EACCES' ? 'it is not executable' : error.message;
      reject(
        new Error(
          `Cannot start "${command.command}": ${why}. Check the command after --stdio NAME= (it runs without a shell, so write the program itself, for example node or npx).`,
        ),
      );
    });
  });
  const groupId = process.platform === 'win32' ? undefined : child.pid;
  if (groupId !== undefined) trackGroup(groupId);
  readLines(child.stdout, { maxLineBytes: MAX_LINE_BYTES, onLine: ({ line }) => onLine({ stream: 'stdout', line, at: now() }) });
  readLines(child.stderr, { maxLineBytes: MAX_LINE_BYTES, onLine: ({ line }) => onLine({ stream: 'stderr', line, at: now() }) });
  // A server that exits while the bridge writes must not take the app down with EPIPE.
  child.stdin.on('error', () => {});
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitDescription = signal ? `stopped by ${signal}` : `exit code ${code}`;
      onExit(exitDescription);
      resolve();
    });
  });
  let stopping: Promise<void> | undefined;
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
    stop() {
      stopping ??= (async () => {
        child.stdin.end();
        if (groupId !== undefined) {
          // Even when the program has exited, what it started may still run in its group.
          await stopGroup(groupId);
        } else if (exitDescription === undefined) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
          await exited;
          clearTimeout(timer);
        }
        if (exitDescription === undefined) await exited;
      })();
      return stopping;
    },
  };
}
