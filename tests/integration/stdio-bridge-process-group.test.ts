import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { serve } from '../../server/node/serve.ts';
import { startServerProcess } from './server-process.ts';

/**
 * A bridged program may start programs of its own (`npx` starts the real server as a
 * grandchild; a server may start workers). When the app stops, all of them stop: the
 * bridge runs each program in a process group of its own and ends the group, SIGTERM
 * then SIGKILL after the grace period. The helper here ignores SIGTERM
 * (tests/helpers/stdio-programs/spawning-server.mjs). Linux: a process is gone when
 * /proc has no entry for it, or only a zombie's (dead, waiting for whoever adopted it to
 * read its status).
 */

const program = fileURLToPath(new URL('../helpers/stdio-programs/spawning-server.mjs', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'stdio-group-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

type Pids = { program: number; helper: number };

function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

async function readPids(pidFile: string): Promise<Pids> {
  for (let waited = 0; !existsSync(pidFile); waited += 50) {
    if (waited > 20_000) throw new Error('The program did not start its helper');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return JSON.parse(readFileSync(pidFile, 'utf8')) as Pids;
}

function spawningServer(name: string, mode?: 'exit') {
  const pidFile = join(folder, `${name}.json`);
  return { pidFile, server: { name, command: process.execPath, args: [program, pidFile, ...(mode ? [mode] : [])] } };
}

describe('when the app stops, a bridged program and everything it started stop too', () => {
  it('a helper that ignores SIGTERM is ended with its program', async () => {
    const { pidFile, server } = spawningServer('parent');
    const app = await serve({ port: 0, stdioServers: [server] });
    const pids = await readPids(pidFile);
    expect([isRunning(pids.program), isRunning(pids.helper)]).toEqual([true, true]);
    await app.close();
    expect([isRunning(pids.program), isRunning(pids.helper)]).toEqual([false, false]);
  }, 30_000);

  it('a helper left behind by a program that has already exited is ended too', async () => {
    const { pidFile, server } = spawningServer('orphaning', 'exit');
    const app = await serve({ port: 0, stdioServers: [server] });
    const pids = await readPids(pidFile);
    for (let waited = 0; isRunning(pids.program) && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect([isRunning(pids.program), isRunning(pids.helper)]).toEqual([false, true]);
    await app.close();
    expect(isRunning(pids.helper)).toBe(false);
  }, 30_000);

  it('an app that exits without stopping them (process.exit, an uncaught error) kills the group on its way out', async () => {
    const { pidFile, server } = spawningServer('abandoned');
    const serveUrl = new URL('../../server/node/serve.ts', import.meta.url).href;
    const script = `const { serve } = await import(${JSON.stringify(serveUrl)}); await serve({ port: 0, stdioServers: [${JSON.stringify(server)}] }); const { existsSync } = await import('node:fs'); const wait = setInterval(() => { if (existsSync(${JSON.stringify(pidFile)})) { clearInterval(wait); process.exit(0); } }, 20);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, stderr).toBe(0);
    const pids = await readPids(pidFile);
    // SIGKILL was sent as the app exited; the kernel takes a moment to carry it out.
    for (let waited = 0; (isRunning(pids.program) || isRunning(pids.helper)) && waited < 5000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect([isRunning(pids.program), isRunning(pids.helper)]).toEqual([false, false]);
  }, 60_000);

  it('npm run server stopped as Ctrl+C stops it (SIGINT to the server alone: the program’s group no longer hears the terminal) ends them all', async () => {
    const { pidFile, server } = spawningServer('interrupted');
    const running = await startServerProcess(['--stdio', `${server.name}=${JSON.stringify([server.command, ...server.args])}`]);
    const pids = await readPids(pidFile);
    expect([isRunning(pids.program), isRunning(pids.helper)]).toEqual([true, true]);
    process.kill(running.pid, 'SIGINT');
    await running.stop();
    expect([isRunning(pids.program), isRunning(pids.helper)]).toEqual([false, false]);
  }, 30_000);
});
