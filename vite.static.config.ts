import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { LAZY_FIRST_STEP_ENTRIES, prefetchChunks } from './vite-prefetch-chunks.ts';
import { shellFirstStep } from './vite-shell-first-step.ts';
import { inlineStylesheet } from './vite-inline-stylesheet.ts';
import { startAfterPaint } from './vite-start-after-paint.ts';
import { contentSecurityPolicy } from './vite-content-security-policy.ts';
import { HEADERS_FILE } from './server/node/security-headers.ts';
import type { StaticSiteManifest } from './src/service-worker/file-integrity.ts';
import { appSandboxPage } from './vite-app-sandbox.ts';

/**
 * The static site (npm run build:static): the app built with a relative base, so the
 * folder works at any path of any static host, plus one Service Worker file that runs
 * the built-in MCP server and mock model in the browser (src/service-worker/).
 */

const root = path.dirname(fileURLToPath(import.meta.url));
const WORKER_ENTRY = path.join(root, 'src/service-worker/service-worker.ts');
const WORKER_FILE = 'service-worker.js';
/** What the worker does not cache: itself, and the host's own configuration (a host that reads `_headers` does not serve it). */
const UNCACHED_FILES = [WORKER_FILE, HEADERS_FILE];

async function listFiles(directory: string, prefix = ''): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const relative = `${prefix}${entry.name}`;
    if (entry.isDirectory()) files.push(...(await listFiles(path.join(directory, entry.name), `${relative}/`)));
    else files.push(relative);
  }
  return files.sort();
}

/**
 * Each built file's SHA-256 (hex), which the worker checks a cached file against before it
 * serves it (src/service-worker/file-integrity.ts), and the version: a hash of every file's
 * name and bytes, so a new deployment gets a new worker and a new cache.
 */
async function hashFiles(directory: string, files: string[]): Promise<Omit<StaticSiteManifest, 'onDemand'>> {
  const version = createHash('sha256');
  const hashes: Record<string, string> = {};
  for (const file of files) {
    const bytes = await readFile(path.join(directory, file));
    hashes[file] = createHash('sha256').update(bytes).digest('hex');
    version.update(file).update('\0').update(bytes).update('\0');
  }
  return { version: version.digest('hex').slice(0, 16), hashes };
}

/**
 * Once the app is written, bundles the worker into one classic script (every browser
 * with Service Workers runs those; module workers are not everywhere yet) with the
 * list of files to precache, their hashes and the version baked in.
 */
function buildServiceWorker(): Plugin {
  let outDirectory = '';
  return {
    name: 'mcp-lifecycle-explorer-service-worker',
    apply: 'build',
    configResolved(config) {
      outDirectory = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const built = (await listFiles(outDirectory)).filter((file) => !UNCACHED_FILES.includes(file));
      // llama.cpp's WebAssembly (10 MB, the model in the tab) is hashed like every file, but kept only once a page asked for it.
      const manifest = { ...(await hashFiles(outDirectory, built)), onDemand: built.filter((file) => file.endsWith('.wasm')) };
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        mode: 'production',
        publicDir: false,
        define: { __STATIC_SITE_MANIFEST__: JSON.stringify(manifest) },
        build: {
          outDir: outDirectory,
          emptyOutDir: false,
          target: 'es2022',
          copyPublicDir: false,
          reportCompressedSize: false,
          lib: { entry: WORKER_ENTRY, formats: ['iife'], name: 'mcpLifecycleExplorerServer', fileName: () => WORKER_FILE },
        },
      });
      this.info?.(
        `service worker ${WORKER_FILE}: version ${manifest.version}, ${built.length - manifest.onDemand.length} files precached, ${manifest.onDemand.length} kept on demand`,
      );
    },
  };
}

export default defineConfig({
  mode: 'static-site',
  base: './',
  plugins: [
    react(),
    tailwindcss(),
    buildServiceWorker(),
    shellFirstStep(),
    appSandboxPage(),
    prefetchChunks({ entries: LAZY_FIRST_STEP_ENTRIES }),
    startAfterPaint(),
    inlineStylesheet(),
    contentSecurityPolicy({ meta: true }),
  ],
  preview: { host: '127.0.0.1', port: Number(process.env.PORT) || 4173 },
  build: {
    outDir: path.join(root, 'dist-static'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // The OAuth redirect page beside the app (vite.config.ts says why).
    rollupOptions: { input: { index: path.join(root, 'index.html'), 'oauth-callback': path.join(root, 'oauth-callback.html') } },
  },
});
