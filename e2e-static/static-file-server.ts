import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sirv from 'sirv';

/**
 * A plain static file server, as a static host is: files and a folder's index.html, no
 * app server, no single-page fallback. Each --mount serves a folder under a sub-path
 * (--mount /explorer/=dist-static). It keeps a log of the paths it was asked for
 * (GET /__requests), so a test can prove that an offline page asked it for nothing.
 */

const { values } = parseArgs({
  options: { port: { type: 'string' }, host: { type: 'string' }, mount: { type: 'string', multiple: true } },
});
const port = Number(values.port ?? 47331);
const host = values.host ?? '127.0.0.1';
const mounts = (values.mount ?? []).map((entry) => {
  const [prefix, directory] = entry.split('=');
  if (!prefix?.startsWith('/') || !prefix.endsWith('/') || !directory) throw new Error(`A mount reads /path/=folder, not ${entry}.`);
  // dev: each request reads the disk, for the update test deploys a new worker file into a mounted folder while this runs.
  // etag: no-cache and an ETag, so every load revalidates and a new deployment is seen at once, as on a host that sends validators.
  const serveFiles = sirv(path.resolve(directory), { dev: true, etag: true, single: false, extensions: ['html'], gzip: false, brotli: false });
  return { prefix, directory: path.resolve(directory), serveFiles };
});
const requested: string[] = [];

function answerNotFound(response: ServerResponse) {
  response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
}

function serveMounted(request: IncomingMessage, response: ServerResponse, url: URL) {
  const mount = mounts.find((candidate) => url.pathname.startsWith(candidate.prefix));
  if (!mount) {
    answerNotFound(response);
    return;
  }
  // sirv serves its folder from "/": the path below the mount, read from the parsed URL (dot segments resolved), and the query.
  request.url = `/${url.pathname.slice(mount.prefix.length)}${url.search}`;
  mount.serveFiles(request, response, () => answerNotFound(response));
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/__requests') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(requested));
    return;
  }
  requested.push(url.pathname);
  const mount = mounts.find((candidate) => `${url.pathname}/` === candidate.prefix);
  if (mount) {
    response.writeHead(301, { location: mount.prefix }).end();
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('A static host answers GET only.');
    return;
  }
  serveMounted(request, response, url);
});

server.listen(port, host, () => {
  for (const mount of mounts) console.log(`Serving ${mount.directory} at http://${host}:${port}${mount.prefix}`);
});
