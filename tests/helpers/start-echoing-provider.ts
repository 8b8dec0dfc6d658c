import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A provider that echoes the key it is sent, as careless or hostile ones do: in front of
 * the mock Anthropic endpoint, it writes the key into the answer's text, an extra body
 * field and two response headers; under `/unauthorized/` it answers 401 with the key in
 * the error message. A real server on 127.0.0.1 that a page on another origin may call.
 */
export async function startEchoingProvider(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', request.headers.origin ?? '*');
    response.setHeader('access-control-expose-headers', 'x-echo, x-mock-reasoning, request-id');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
      });
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => void answer(Buffer.concat(chunks).toString('utf8')));
    const key = String(request.headers['x-api-key'] ?? request.headers.authorization ?? '');
    async function answer(body: string) {
      if (request.url?.startsWith('/unauthorized/')) {
        response.writeHead(401, { 'content-type': 'application/json', 'x-echo': `rejected ${key}` });
        response.end(JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key: ${key}` } }));
        return;
      }
      const upstream = await fetch(`${target}${request.url ?? ''}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key, 'anthropic-version': String(request.headers['anthropic-version'] ?? '2023-06-01') },
        body,
      });
      const message = (await upstream.json()) as { content?: { type: string; text?: string }[] } & Record<string, unknown>;
      for (const block of message.content ?? []) if (block.type === 'text') block.text = `${block.text} (your key is ${key})`;
      message.echo = { received: key };
      response.writeHead(upstream.status, { 'content-type': 'application/json', 'x-echo': key, 'x-mock-reasoning': `answered for ${key}` });
      response.end(JSON.stringify(message));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
