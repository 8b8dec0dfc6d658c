import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { PROXY_PAGE_POLICY } from './src/trace/app-view-policy.ts';
import { APP_SANDBOX_PAGE } from './src/trace/mcp-apps.ts';
import { escapeMarkup } from './src/trace/escape-markup.ts';

/**
 * app-sandbox.html, the sandbox proxy of a tool's view (src/app-sandbox.ts), written beside
 * index.html by both builds and served by `npm run dev`. Its script is inlined, as a classic
 * script: on the static site the page has an opaque origin (a frame with no
 * allow-same-origin), where a module script from the site would need CORS headers a static
 * host does not send. Its policy is its own (PROXY_PAGE_POLICY), not the explorer's: the view's
 * document, written into a frame of it, keeps this page's policy as well as its own.
 */

const root = path.dirname(fileURLToPath(import.meta.url));
const ENTRY = path.join(root, 'src/app-sandbox.ts');

async function buildProxyScript(): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    publicDir: false,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: { entry: ENTRY, formats: ['iife'], name: 'appSandbox', fileName: () => 'app-sandbox.js' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((entry) => ('output' in entry ? entry.output : []));
  const chunk = outputs.find((output) => output.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('appSandboxPage: the build of src/app-sandbox.ts gave no script.');
  // The script goes between <script> tags: it must not close them.
  if (/<\/script/i.test(chunk.code)) throw new Error('appSandboxPage: the sandbox script contains "</script", which would end it early inline.');
  return chunk.code;
}

export function formatSandboxPage(script: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeMarkup(PROXY_PAGE_POLICY)}">`,
    '<meta name="referrer" content="no-referrer">',
    '<title>MCP Lifecycle Explorer: the sandbox of a tool’s view</title>',
    '</head>',
    '<body>',
    `<script>${script}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export function appSandboxPage(): Plugin {
  let page: Promise<string> | undefined;
  const readPage = () => (page ??= buildProxyScript().then(formatSandboxPage));
  return {
    name: 'mcp-lifecycle-explorer-app-sandbox',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: APP_SANDBOX_PAGE, source: await readPage() });
    },
    configureServer(server) {
      server.middlewares.use(`/${APP_SANDBOX_PAGE}`, (_request, response) => {
        void readPage().then((html) => {
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.setHeader('cache-control', 'no-store');
          response.end(html);
        });
      });
    },
  };
}
