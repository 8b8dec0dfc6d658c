import { request as httpRequest } from 'node:http';
import { startHttpServer } from './start-http-server.ts';

/**
 * A real HTTP hop in front of a server that passes every exchange on as it streams and
 * records it: what the client sent, what came back so far, and which side ended the
 * answer. For tests that must see the wire under a client that hides it (the Python
 * SDK, or what an SDK drops, like the result of a request it cancelled).
 */

export type RecordedExchange = {
  method: string;
  path: string;
  requestBody: string;
  /** The Last-Event-ID the client sent, when it resumed a stream. */
  lastEventId?: string;
  status?: number;
  /** The answer's body as received so far. */
  responseText: string;
  /** Who ended the answer: the server finished it, or the client went away first. */
  endedBy?: 'server' | 'client';
  endedAt?: number;
};

export type RecordingProxy = { url: string; exchanges: RecordedExchange[]; close: () => Promise<void> };

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const exchanges: RecordedExchange[] = [];
  const server = await startHttpServer((request, response, body) => {
    const lastEventId = request.headers['last-event-id'];
    const exchange: RecordedExchange = {
      method: request.method ?? '',
      path: request.url ?? '',
      requestBody: body,
      responseText: '',
      ...(typeof lastEventId === 'string' ? { lastEventId } : {}),
    };
    exchanges.push(exchange);
    const end = (side: 'server' | 'client') => {
      exchange.endedBy ??= side;
      exchange.endedAt ??= Date.now();
    };
    const upstream = httpRequest(
      `${target}${request.url ?? ''}`,
      { method: request.method, headers: { ...request.headers, host: new URL(target).host } },
      (answer) => {
        exchange.status = answer.statusCode;
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => {
          exchange.responseText += chunk;
          response.write(chunk);
        });
        answer.on('end', () => {
          end('server');
          response.end();
        });
        answer.on('error', () => response.destroy());
      },
    );
    upstream.on('error', () => response.destroy());
    response.on('close', () => {
      if (!response.writableFinished) {
        end('client');
        upstream.destroy();
      }
    });
    upstream.end(body);
  });
  return { url: server.url, exchanges, close: server.close };
}
