import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';

/** A plain static file server on 127.0.0.1, for a built web client (the MCP Inspector's) that has no server of ours. */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export type StaticServer = { url: string; close: () => Promise<void> };

async function findFile(root: string, pathname: string): Promise<string | undefined> {
  const candidate = resolve(join(root, decodeURIComponent(pathname)));
  // Nothing outside the folder, whatever the path says.
  if (candidate !== root && !candidate.startsWith(root + sep)) return undefined;
  const info = await stat(candidate).catch(() => undefined);
  if (info?.isFile()) return candidate;
  if (info?.isDirectory()) return findFile(root, join(pathname, 'index.html'));
  return undefined;
}

export async function serveStaticDirectory(directory: string): Promise<StaticServer> {
  const root = resolve(directory);
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    void (async () => {
      // A single-page app: unknown paths get index.html, as its own server would answer.
      const file = (await findFile(root, pathname)) ?? (await findFile(root, '/index.html'));
      if (!file) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
      createReadStream(file).pipe(response);
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
