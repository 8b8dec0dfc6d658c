import { defineConfig } from 'vite';

/**
 * The Node side of the npm package (npm run build:server): server/cli/cli.ts and what it
 * imports, bundled to plain JavaScript so `npx mcp-lifecycle-explorer` needs no tsx or
 * TypeScript at run time. Packages in node_modules stay imports (Vite's SSR default):
 * they are the package's `dependencies`, installed beside it.
 *
 * The output goes to dist-server/cli/, two folders below the package root like
 * server/cli/ is in the repository, so every `new URL('../../dist', import.meta.url)`
 * and `new URL('../../package.json', import.meta.url)` means the same file in both.
 */
export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: 'server/cli/cli.ts',
    outDir: 'dist-server/cli',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    minify: false,
    rollupOptions: {
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js', banner: (chunk) => (chunk.isEntry ? '#!/usr/bin/env node' : '') },
    },
  },
});
