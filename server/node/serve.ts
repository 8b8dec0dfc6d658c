import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { localhostAllowedHostnames, validateHostHeader } from '@modelcontextprotocol/server';
import sirv from 'sirv';
import { createApp, type AppOptions } from '../http/create-app.ts';

export type ServeOptions = AppOptions & {
  port?: number;
  host?: string;
  /** A built app to serve at /, next to /mcp and /mock. */
  staticDirectory?: string;
  log?: (line: string) => void;
};

export type RunningServer = {
  url: string;
  port: number;
  close: () => Promise<void>;
};

/** Listens on one port (127.0.0.1 unless told otherwise) and serves the app, /mcp and /mock. */
export async function serve(options: ServeOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const app = createApp({ ...options, onError: options.onError ?? ((error) => log(`server error: ${error.message}`)) });
  const handleApi = toNodeHandler(app);
  const allowedHostnames = options.allowedHostnames ?? localhostAllowedHostnames();
  if (options.staticDirectory && !existsSync(options.staticDirectory)) {
    throw new Error(`The built app is missing at ${options.staticDirectory}. Run "npm run build" first (npm start does it for you).`);
  }
  const serveStatic = options.staticDirectory
    ? sirv(options.staticDirectory, { single: true, etag: true, gzip: false, dev: false })
    : undefined;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (app.handles(pathname)) {
      void handleApi(request, response);
      return;
    }
    const hostCheck = validateHostHeader(request.headers.host, allowedHostnames);
    if (!hostCheck.ok) {
      response.writeHead(403, { 'content-type': 'text/plain' }).end(`Forbidden: ${hostCheck.message}`);
      return;
    }
    if (!serveStatic) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found. This server offers /mcp and /mock/openai/v1.');
      return;
    }
    serveStatic(request, response, () => {
      response.writeHead(404).end('Not found');
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${address.port}`,
    port: address.port,
    close: async () => {
      await app.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
