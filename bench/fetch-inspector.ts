import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';

/**
 * The official MCP Inspector's built web client, fetched for this run only: `npm pack`
 * into a temporary folder, extracted with tar. It is never a dependency of the project.
 */

const run = promisify(execFile);
const PACKAGE = '@modelcontextprotocol/inspector';
/**
 * The release compared with, pinned so a figure names what it measured: the current one
 * (`npm view @modelcontextprotocol/inspector version`) when this was last raised. Raise it
 * when a new release comes out.
 */
export const INSPECTOR_VERSION = '2.12.0';
/** Where the web client's build sits: package/client/dist in the 0.x releases, package/clients/web/dist in 2.x. */
const CLIENT_FOLDERS = ['package/client/dist', 'package/clients/web/dist'];

const PackOutputSchema = z.array(z.object({ filename: z.string(), version: z.string() }));
const ManifestSchema = z.object({ version: z.string() });

export type FetchedInspector = { version: string; clientDirectory: string; remove: () => Promise<void> };

export async function fetchInspector(): Promise<FetchedInspector> {
  const folder = await mkdtemp(join(tmpdir(), 'mcp-bench-inspector-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  try {
    const { stdout } = await run('npm', ['pack', `${PACKAGE}@${INSPECTOR_VERSION}`, '--json', '--silent'], { cwd: folder, timeout: 120_000 });
    const packed = PackOutputSchema.parse(JSON.parse(stdout));
    const tarball = packed[0];
    if (!tarball) throw new Error('npm pack named no tarball.');
    await run('tar', ['-xzf', tarball.filename], { cwd: folder, timeout: 60_000 });
    const clientFolder = CLIENT_FOLDERS.map((relative) => join(folder, relative)).find((path) => existsSync(join(path, 'index.html')));
    if (!clientFolder) throw new Error(`${PACKAGE}@${tarball.version} holds no built web client in ${CLIENT_FOLDERS.join(' or ')}.`);
    const manifest = ManifestSchema.parse(JSON.parse(await readFile(join(folder, 'package', 'package.json'), 'utf8')));
    return { version: manifest.version, clientDirectory: clientFolder, remove };
  } catch (error) {
    await remove();
    const reason = error instanceof Error ? (error as Error & { stderr?: string }).stderr?.trim() || error.message : String(error);
    throw new Error(`Could not fetch ${PACKAGE}@${INSPECTOR_VERSION} with npm pack: ${reason.split('\n')[0]}`, { cause: error });
  }
}
