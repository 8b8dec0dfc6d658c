import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny real HTTP server on 127.0.0.1 and a free port, for tests that must prove
 * what really crossed the network (no mocked fetch).
 */
export type TestServer = {
  url: string;
  port: number;
  /** Every request the server has received so far, in order. */
  received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  close: () => Promise<void>;
};

export type TestHandler = (request: IncomingMessage, response: ServerResponse, body: string) => void | Promise<void>;

export function readRequestBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startHttpServer(handler: TestHandler): Promise<TestServer> {
  const received: TestServer['received'] = [];
  const server = createServer((request, response) => {
    void readRequestBody(request).then(async (body) => {
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      await handler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A server that answers every request with what it received, as JSON (and `x-answer: yes`): it shows what really left. */
export function startEchoServer(): Promise<TestServer> {
  return startHttpServer((request, response, body) => {
    response.writeHead(200, { 'content-type': 'application/json', 'x-answer': 'yes' });
    response.end(JSON.stringify({ method: request.method, url: request.url, headers: request.headers, body }));
  });
}

/** A port that was free a moment ago and has nothing listening on it now. */
export async function findClosedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
