import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package as a user gets it: `npm pack` in this repository (its prepack builds the
 * app and the server bundle), the tarball installed with `npm install` into an empty
 * folder, and its command run there with `npx`.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

export type CommandResult = { code: number; stdout: string; stderr: string };

export type InstalledPackage = {
  /** The empty folder the tarball was installed into. */
  folder: string;
  tarball: string;
  remove: () => Promise<void>;
};

/**
 * The environment without npm's own variables: `npm test` sets npm_config_local_prefix
 * and the like to this repository, and an npm started under it would then install here.
 */
function cleanEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
}

export function runCommand(command: string, parameters: string[], options: { cwd: string; timeoutMs: number }): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      command,
      parameters,
      { cwd: options.cwd, timeout: options.timeoutMs, env: cleanEnvironment(), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function runOrThrow(command: string, parameters: string[], options: { cwd: string; timeoutMs: number }): Promise<void> {
  const result = await runCommand(command, parameters, options);
  if (result.code !== 0) throw new Error(`${command} ${parameters.join(' ')} failed with ${result.code}:\n${result.stdout}\n${result.stderr}`);
}

export async function packAndInstall(): Promise<InstalledPackage> {
  const workspace = await mkdtemp(path.join(tmpdir(), 'explorer-package-'));
  const packFolder = path.join(workspace, 'pack');
  const folder = path.join(workspace, 'empty-folder');
  await mkdir(packFolder);
  await mkdir(folder);
  const remove = () => rm(workspace, { recursive: true, force: true });
  try {
    await runOrThrow('npm', ['pack', '--pack-destination', packFolder], { cwd: root, timeoutMs: 120_000 });
    const tarballs = (await readdir(packFolder)).filter((name) => name.endsWith('.tgz'));
    if (tarballs.length !== 1) throw new Error(`npm pack wrote ${tarballs.length} tarballs: ${tarballs.join(', ')}`);
    const tarball = path.join(packFolder, tarballs[0]!);
    // --prefix: the empty folder itself, not a package.json npm might find further up.
    await runOrThrow('npm', ['install', tarball, '--prefix', folder, '--no-audit', '--no-fund', '--prefer-offline'], { cwd: folder, timeoutMs: 120_000 });
    return { folder, tarball, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

export type StartedCommand = {
  /** The first match of the awaited pattern in its stdout. */
  match: RegExpMatchArray;
  stop: () => Promise<void>;
};

/**
 * Starts a long-running command in its own process group (npx, then node under it) and
 * waits until its stdout matches the pattern; stop() ends the whole group.
 */
export function startCommand(parameters: string[], options: { cwd: string; waitFor: RegExp; timeoutMs: number }): Promise<StartedCommand> {
  const child: ChildProcess = spawn('npx', parameters, { cwd: options.cwd, env: cleanEnvironment(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // The group is already gone.
      }
      await exited;
    }
  };
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const fail = (reason: string) => {
      clearTimeout(timer);
      void stop().then(() => reject(new Error(`npx ${parameters.join(' ')} ${reason}.\nstdout:\n${stdout}\nstderr:\n${stderr}`)));
    };
    const timer = setTimeout(() => fail(`printed nothing matching ${options.waitFor} within ${options.timeoutMs} ms`), options.timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = stdout.match(options.waitFor);
      if (match) {
        clearTimeout(timer);
        resolve({ match, stop });
      }
    });
    child.once('exit', (code) => fail(`ended with ${code} before printing ${options.waitFor}`));
  });
}
