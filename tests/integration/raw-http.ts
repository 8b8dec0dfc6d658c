import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/**
 * One HTTP request through node:http with everything a test may need to get wrong on
 * purpose: any Host, any request target ("*", an absolute URL), a Content-Length the
 * body does not match, a body that never finishes. Resolves with the answer as soon
 * as it is complete, whether or not the request body was.
 */

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: string; afterMs: number };

export type RawRequest = {
  method?: string;
  /** The request target as sent: usually a path. */
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** false leaves the request body unfinished, as a client that stalls or lies about Content-Length. */
  finish?: boolean;
  timeoutMs?: number;
  /** The source address, to act as another client: all of 127.0.0.0/8 reaches loopback. */
  localAddress?: string;
};

export function sendRawRequest(
  port: number,
  { method = 'GET', path = '/', headers = {}, body, finish = true, timeoutMs = 5_000, localAddress }: RawRequest,
): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, method, path, headers, setHost: !('host' in headers), agent: false, ...(localAddress === undefined ? {} : { localAddress }) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            afterMs: performance.now() - started,
          });
          outgoing.destroy();
        });
        response.on('error', reject);
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy();
      reject(new Error(`No complete answer within ${timeoutMs} ms`));
    }, timeoutMs);
    // The server may answer and close before an unfinished or oversized body is sent: not a failure here.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') {
        clearTimeout(timer);
        reject(error);
      }
    });
    if (body !== undefined) outgoing.write(body);
    if (finish) outgoing.end();
  });
}
