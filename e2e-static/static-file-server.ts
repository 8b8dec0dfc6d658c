import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

/**
 * A plain static file server, as a static host is: files only, no app server, no
 * fallback, no rewriting. Each --mount serves a folder under a sub-path
 * (--mount /explorer/=dist-static). It keeps a log of the paths it was asked for
 * (GET /__requests), so a test can prove that an offline page asked it for nothing.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const { values } = parseArgs({
  options: { port: { type: 'string' }, host: { type: 'string' }, mount: { type: 'string', multiple: true } },
});
const port = Number(values.port ?? 47331);
const host = values.host ?? '127.0.0.1';
const mounts = (values.mount ?? []).map((entry) => {
  const [prefix, directory] = entry.split('=');
  if (!prefix?.startsWith('/') || !prefix.endsWith('/') || !directory) throw new Error(`A mount reads /path/=folder, not ${entry}.`);
  return { prefix, directory: path.resolve(directory) };
});
const requested: string[] = [];

async function findFile(pathname: string): Promise<string | null> {
  const mount = mounts.find((candidate) => pathname.startsWith(candidate.prefix));
  if (!mount) return null;
  const relative = decodeURIComponent(pathname.slice(mount.prefix.length)) || 'index.html';
  const file = path.resolve(mount.directory, relative);
  // No path may climb out of its folder.
  if (file !== mount.directory && !file.startsWith(`${mount.directory}${path.sep}`)) return null;
  const info = await stat(file).catch(() => null);
  if (info?.isDirectory()) return findFile(`${pathname.replace(/\/?$/, '/')}index.html`);
  return info?.isFile() ? file : null;
}

const server = createServer((request, response) => {
  void (async () => {
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
    const file = await findFile(url.pathname);
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const body = await readFile(file);
    response.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream', 'content-length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
  })().catch((error: unknown) => {
    response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
  });
});

server.listen(port, host, () => {
  for (const mount of mounts) console.log(`Serving ${mount.directory} at http://${host}:${port}${mount.prefix}`);
});
