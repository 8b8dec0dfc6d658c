import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { explorerServer } from './server/vite-plugin.ts';
import { LAZY_FIRST_STEP_ENTRIES, prefetchChunks } from './vite-prefetch-chunks.ts';
import { shellFirstStep } from './vite-shell-first-step.ts';
import { inlineStylesheet } from './vite-inline-stylesheet.ts';
import { startAfterPaint } from './vite-start-after-paint.ts';
import { contentSecurityPolicy } from './vite-content-security-policy.ts';
import { appSandboxPage } from './vite-app-sandbox.ts';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    explorerServer(),
    shellFirstStep(),
    appSandboxPage(),
    prefetchChunks({ entries: LAZY_FIRST_STEP_ENTRIES }),
    startAfterPaint(),
    inlineStylesheet(),
    contentSecurityPolicy({ meta: false }),
  ],
  server: { host: '127.0.0.1', port: Number(process.env.PORT) || 5173 },
  preview: { host: '127.0.0.1', port: Number(process.env.PORT) || 4173 },
  // Two pages: the app, and the OAuth redirect page its consent popup comes back to.
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    rollupOptions: { input: { index: 'index.html', 'oauth-callback': 'oauth-callback.html' } },
  },
});
