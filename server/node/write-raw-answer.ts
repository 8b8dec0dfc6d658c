import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { DISCARD_TIMEOUT_MS } from './answer-before-body.ts';

/**
 * An answer written straight onto a socket that Node's HTTP server has handed over
 * (a CONNECT request) or never took (a connection over the cap). The socket is then
 * half-closed, and whatever the client still sends is read and dropped until it
 * closes its side, so that the answer is not lost to a reset (see answer-before-body.ts).
 */
export async function writeRawAnswer(socket: Duplex, answer: Response, lingerMs = DISCARD_TIMEOUT_MS): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  const headers = new Headers(answer.headers);
  headers.set('content-length', String(body.byteLength));
  headers.set('connection', 'close');
  const head = [`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}`, ...[...headers].map(([name, value]) => `${name}: ${value}`)].join('\r\n');
  const timer = setTimeout(() => socket.destroy(), lingerMs);
  socket.once('close', () => clearTimeout(timer));
  socket.on('error', () => socket.destroy());
  socket.once('end', () => socket.destroy());
  socket.resume();
  socket.end(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), body]));
}
