import type { Plugin, PreviewServer, ViteDevServer } from 'vite';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createApp } from './http/index.ts';

/**
 * Mounts the MCP server and the mock model on Vite's own port (dev and preview),
 * so the app, /mcp and /mock share one origin there as they do under npm start.
 */
export function explorerServer(): Plugin {
  const mount = (server: ViteDevServer | PreviewServer) => {
    const app = createApp({ onError: (error) => server.config.logger.error(`[mcp] ${error.message}`) });
    const handle = toNodeHandler(app);
    server.middlewares.use((request, response, next) => {
      const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
      if (app.handles(pathname)) void handle(request, response);
      else next();
    });
    server.httpServer?.once('close', () => void app.close());
  };
  return {
    name: 'mcp-lifecycle-explorer-server',
    configureServer: mount,
    configurePreviewServer: mount,
  };
}
