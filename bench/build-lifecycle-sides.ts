import { mkdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import * as sourceSides from './lifecycle-sides.ts';

/**
 * The lifecycle part's code bundled the way the package bundles the engine
 * (vite.server.config.ts: a Vite SSR build, packages left as imports), so both sides run
 * as users run them: the engine as `npx mcp-lifecycle-explorer trace` and the browser
 * run it, the SDK as npm ships it. Through tsx only the engine's side is transformed at
 * load time (esbuild's keepNames puts a `__name` call at every function it makes), a cost
 * no user of the package pays.
 */

export type LifecycleSides = typeof sourceSides;

const ENTRY = fileURLToPath(new URL('./lifecycle-sides.ts', import.meta.url));
// Inside node_modules, so the bundle's package imports resolve to the project's own packages.
const OUT_DIRECTORY = fileURLToPath(new URL('../node_modules/.cache/mcp-lifecycle-explorer-bench/', import.meta.url));

/** The lifecycle sides as they are in the source, run through tsx. */
export function loadSourceSides(): LifecycleSides {
  return sourceSides;
}

/** Builds the lifecycle sides into one module and loads it; the module must have every export the source has. */
export async function loadBuiltSides(): Promise<LifecycleSides> {
  await mkdir(OUT_DIRECTORY, { recursive: true });
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: ENTRY,
      outDir: OUT_DIRECTORY,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: false,
      rollupOptions: { output: { entryFileNames: 'lifecycle-sides.mjs' } },
    },
  });
  const built: Record<string, unknown> = await import(pathToFileURL(`${OUT_DIRECTORY}lifecycle-sides.mjs`).href);
  return checkSides(built);
}

/** The built module as the sides' type, once each of its exports is what the source's is. */
function checkSides(built: Record<string, unknown>): LifecycleSides {
  const missing = Object.entries(sourceSides)
    .filter(([name, value]) => typeof built[name] !== typeof value)
    .map(([name]) => name);
  if (missing.length > 0) throw new Error(`The built lifecycle module lacks ${missing.join(', ')}: rebuild it, or run the bench from the repository's root.`);
  return { ...sourceSides, ...built };
}
