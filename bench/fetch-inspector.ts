import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * The official MCP Inspector's built web client, fetched for this run only: `npm pack`
 * into a temporary folder, extracted with tar. It is never a dependency of the project.
 */

const run = promisify(execFile);
const PACKAGE = '@modelcontextprotocol/inspector';
/** Where the web client's build sits: package/client/dist in the 0.x releases, package/clients/web/dist later. */
const CLIENT_FOLDERS = ['package/client/dist', 'package/clients/web/dist'];

export type FetchedInspector = { version: string; clientDirectory: string; remove: () => Promise<void> };

export async function fetchInspector(): Promise<FetchedInspector> {
  const folder = await mkdtemp(join(tmpdir(), 'mcp-bench-inspector-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  try {
    const { stdout } = await run('npm', ['pack', PACKAGE, '--json', '--silent'], { cwd: folder, timeout: 120_000 });
    const packed = JSON.parse(stdout) as { filename: string; version: string }[];
    const tarball = packed[0];
    if (!tarball) throw new Error('npm pack named no tarball.');
    await run('tar', ['-xzf', tarball.filename], { cwd: folder, timeout: 60_000 });
    const clientFolder = CLIENT_FOLDERS.map((relative) => join(folder, relative)).find((path) => existsSync(join(path, 'index.html')));
    if (!clientFolder) throw new Error(`${PACKAGE}@${tarball.version} holds no built web client in ${CLIENT_FOLDERS.join(' or ')}.`);
    const manifest = JSON.parse(await readFile(join(folder, 'package', 'package.json'), 'utf8')) as { version: string };
    return { version: manifest.version, clientDirectory: clientFolder, remove };
  } catch (error) {
    await remove();
    const reason = error instanceof Error ? (error as Error & { stderr?: string }).stderr?.trim() || error.message : String(error);
    throw new Error(`Could not fetch ${PACKAGE} with npm pack: ${reason.split('\n')[0]}`, { cause: error });
  }
}
