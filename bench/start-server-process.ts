import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { HeapSample } from './measure-heap.ts';

/** The parent's side of server-process.ts: start it, ask it for its heap, stop it. */

export type ServerProcess = {
  url: string;
  pid: number;
  measureHeap: () => Promise<HeapSample>;
  /** The CPU time the server's process has used so far (user and system), in microseconds, by its own accounting. */
  measureCpu: () => Promise<number>;
  stop: () => Promise<void>;
};

type ChildMessage = { type: 'ready'; url: string } | { type: 'heap'; heap: HeapSample } | { type: 'cpu'; microseconds: number };

function waitForMessage<T extends ChildMessage['type']>(child: ChildProcess, type: T, timeoutMs: number): Promise<Extract<ChildMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`The server process sent no "${type}" within ${timeoutMs} ms.`)), timeoutMs);
    const onMessage = (message: ChildMessage) => {
      if (message.type === type) finish(undefined, message as Extract<ChildMessage, { type: T }>);
    };
    const onExit = (code: number | null) => finish(new Error(`The server process exited (code ${code}) before sending "${type}".`));
    function finish(error?: Error, message?: Extract<ChildMessage, { type: T }>) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(message!);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** kind: the explorer's server (the default), or the official SDK's bare server with the same tool (start-bare-sdk-server.ts). */
export async function startServerProcess(options: { staticDirectory?: string; kind?: 'explorer' | 'bare-sdk' } = {}): Promise<ServerProcess> {
  const child = fork(fileURLToPath(new URL('./server-process.ts', import.meta.url)), [], {
    // BENCH_CPU_PROFILE_DIRECTORY=<folder> writes the server's V8 CPU profile there when it stops (open it in Chrome DevTools).
    execArgv: [
      '--expose-gc',
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROFILE_DIRECTORY ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIRECTORY}`] : []),
    ],
    env: { ...process.env, BENCH_STATIC_DIRECTORY: options.staticDirectory ?? '', BENCH_SERVER_KIND: options.kind ?? 'explorer' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { url } = await waitForMessage(child, 'ready', 120_000);
  return {
    url,
    pid: child.pid!,
    async measureHeap() {
      const reply = waitForMessage(child, 'heap', 30_000);
      child.send({ type: 'measure-heap' });
      return (await reply).heap;
    },
    async measureCpu() {
      const reply = waitForMessage(child, 'cpu', 30_000);
      child.send({ type: 'measure-cpu' });
      return (await reply).microseconds;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
