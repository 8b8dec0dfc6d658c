import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TraceSchema } from '../../src/trace/trace.ts';
import { packAndInstall, runCommand, startCommand, type InstalledPackage, type StartedCommand } from './installed-package.ts';

/**
 * `npx mcp-lifecycle-explorer` as a user runs it: the packed tarball installed into an
 * empty folder (its runtime dependencies from the registry, nothing built there), then
 * the app, the trace CLI and the MCP server alone started from it over real HTTP.
 */

const PackageSchema = z.object({ version: z.string(), dependencies: z.record(z.string(), z.string()) });
const BUILD_ONLY_PACKAGES = ['react', 'react-dom', '@xyflow/react', 'react-json-view-lite', 'zustand', 'tsx', 'typescript', 'vite'];

let installed: InstalledPackage;
const running: StartedCommand[] = [];

beforeAll(async () => {
  installed = await packAndInstall();
});

afterAll(async () => {
  await Promise.all(running.map((command) => command.stop()));
  await installed?.remove();
});

async function start(parameters: string[], waitFor: RegExp): Promise<StartedCommand> {
  const command = await startCommand(['--no-install', 'mcp-lifecycle-explorer', ...parameters], { cwd: installed.folder, waitFor, timeoutMs: 30_000 });
  running.push(command);
  return command;
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
}

describe('the npm package', () => {
  it('holds the built app and the bundled server, no sources, and depends only on what the server runs on', async () => {
    const packageFolder = path.join(installed.folder, 'node_modules', 'mcp-lifecycle-explorer');
    const files = await listFiles(packageFolder);
    expect(files).toContain('dist/index.html');
    expect(files).toContain('dist-server/cli/cli.js');
    expect(files.filter((file) => file.endsWith('.ts') || file.endsWith('.tsx'))).toEqual([]);
    const manifest = PackageSchema.parse(JSON.parse(await readFile(path.join(packageFolder, 'package.json'), 'utf8')));
    expect(Object.keys(manifest.dependencies).filter((name) => BUILD_ONLY_PACKAGES.includes(name))).toEqual([]);
    const version = await runCommand('npx', ['--no-install', 'mcp-lifecycle-explorer', '--version'], { cwd: installed.folder, timeoutMs: 30_000 });
    expect(version.code, version.stderr).toBe(0);
    expect(version.stdout.trim()).toBe(manifest.version);
  });

  it('starts the whole app with npx: the page at /, and a lifecycle through its /mcp answers 12', async () => {
    const app = await start(['--port', '0'], /is running: (http:\/\/127\.0\.0\.1:\d+)\//);
    const url = app.match[1]!;
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    const script = html.match(/<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)">/);
    expect(script, html).not.toBeNull();
    const bundle = await fetch(`${url}${script![1]}`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);

    const traced = await runCommand('npx', ['--no-install', 'mcp-lifecycle-explorer', 'trace', '--json', '--server', `${url}/mcp`, 'What is 5 plus 7?'], {
      cwd: installed.folder,
      timeoutMs: 60_000,
    });
    expect(traced.code, traced.stderr).toBe(0);
    const trace = TraceSchema.parse(JSON.parse(traced.stdout));
    expect(trace.status).toBe('complete');
    expect(trace.mcp.url).toBe(`${url}/mcp`);
    expect(trace.answer).toContain('12');
  });

  it('runs the MCP server alone with npx … server, for any MCP client', async () => {
    const server = await start(['server', '--port', '0'], /Streamable HTTP[^:]*: (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/);
    const client = new Client({ name: 'npm-package-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.match[1]!)));
    try {
      const result = await client.callTool({ name: 'add_numbers', arguments: { a: 5, b: 7 } });
      expect(result.content).toEqual([{ type: 'text', text: 'Result: 12' }]);
    } finally {
      await client.close();
    }
    const page = await fetch(new URL('/', server.match[1]!));
    expect(page.status).toBe(404);
  });
});
