import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';

/** A plain static file server on 127.0.0.1, for a built web client (the MCP Inspector's) that has no server of ours. */

export type StaticServer = { url: string; close: () => Promise<void> };

export async function serveStaticDirectory(directory: string): Promise<StaticServer> {
  // The options our own server (server/node/serve.ts) serves the explorer with, so the two first loads compare like for like;
  // single: a single-page app, unknown paths get index.html, as its own server would answer.
  const serveFiles = sirv(directory, { single: true, etag: true, gzip: false, dev: false });
  const server = createServer((request, response) => {
    serveFiles(request, response, () => {
      response.writeHead(404).end();
    });
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
