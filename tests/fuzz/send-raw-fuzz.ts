import { connect } from 'node:net';
import { SENSIBLE_STATUSES } from './check-fuzz-answer.ts';
import type { Random } from './seeded-random.ts';

/**
 * Bytes no HTTP client library would send, written straight to a socket: garbage,
 * a Content-Length shorter than the body (the rest reads as a second request),
 * both Content-Length and chunked, headers too large, HTTP/1.0 without Host,
 * unknown methods, pipelined requests, a request that stops halfway through its
 * headers. Whatever comes back must be HTTP responses, and the connection must end.
 */

export type RawOutcome = { statuses: number[]; problem?: string };

const CLOSE_WAIT_MS = 5_000;
/** A request that stalls mid-headers is abandoned after this long, as a client giving up. */
const STALL_MS = 100;

export function createRawFuzzBytes(random: Random): { label: string; bytes: Buffer; stalls: boolean } {
  const json = '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}';
  const mcpHeaders = 'Host: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMCP-Protocol-Version: 2025-11-25\r\n';
  const cases: [string, () => string | Buffer, boolean?][] = [
    // Led by a byte no method starts with, so the parser refuses at once instead of waiting for more.
    ['random bytes', () => Buffer.from([0x01, ...Array.from({ length: random.below(500) }, () => random.below(256))])],
    ['a Content-Length shorter than the body', () => `POST /mcp HTTP/1.1\r\n${mcpHeaders}Content-Length: 5\r\n\r\n${json}`],
    [
      'Content-Length and chunked together',
      () => `POST /mcp HTTP/1.1\r\n${mcpHeaders}Content-Length: ${json.length}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n${json}`,
    ],
    [
      'two Content-Lengths that disagree',
      () => `POST /mcp HTTP/1.1\r\n${mcpHeaders}Content-Length: 3\r\nContent-Length: 9\r\nConnection: close\r\n\r\n${json}`,
    ],
    [
      'a broken chunk size',
      () =>
        `POST /mock/ollama/api/chat HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nZZ\r\n${json}\r\n0\r\n\r\n`,
    ],
    ['headers too large', () => `GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'b'.repeat(20_000)}\r\nConnection: close\r\n\r\n`],
    [
      'HTTP/1.0 without Host',
      () =>
        `POST /mcp HTTP/1.0\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${json.length}\r\n\r\n${json}`,
    ],
    ['HTTP/1.1 without Host', () => `GET /mcp HTTP/1.1\r\nConnection: close\r\n\r\n`],
    ['an unknown method', () => `BREW /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`],
    ['a request target that is a whole URL', () => `GET http://evil.example/mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`],
    ['a header line without a colon', () => `GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nnot a header\r\nConnection: close\r\n\r\n`],
    ['a bare LF between headers', () => `GET / HTTP/1.1\nHost: 127.0.0.1\nConnection: close\n\n`],
    [
      'pipelined requests',
      () =>
        `POST /mcp HTTP/1.1\r\n${mcpHeaders}Content-Length: ${json.length}\r\n\r\n${json}GET /mock/openai/v1/models HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    ],
    ['a request cut off inside its headers', () => `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty`, true],
    [
      'a body that stops before its Content-Length',
      () => `POST /mock/openai/v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"model":`,
      true,
    ],
  ];
  const [label, make, stalls = false] = random.pick(cases);
  const made = make();
  return { label, bytes: typeof made === 'string' ? Buffer.from(made, 'latin1') : made, stalls };
}

export function sendRawFuzz(port: number, { label, bytes, stalls }: { label: string; bytes: Buffer; stalls: boolean }): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: '127.0.0.1', port });
    const finish = (problem?: string) => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const statuses = [...text.matchAll(/HTTP\/1\.[01] (\d{3}) /g)].map((match) => Number(match[1]));
      if (problem) return resolve({ statuses, problem: `${problem} (${label})` });
      if (text.length > 0 && !/^HTTP\/1\.[01] \d{3} /.test(text))
        return resolve({ statuses, problem: `answered with something that is not HTTP (${label}): ${JSON.stringify(text.slice(0, 120))}` });
      const odd = statuses.find((status) => !SENSIBLE_STATUSES.has(status) || status >= 500);
      if (odd !== undefined) return resolve({ statuses, problem: `answered ${odd} (${label}): ${JSON.stringify(text.slice(0, 300))}` });
      resolve({ statuses });
    };
    const timer = setTimeout(
      () => finish(stalls ? undefined : `the connection stayed open ${CLOSE_WAIT_MS} ms without a complete answer`),
      stalls ? STALL_MS : CLOSE_WAIT_MS,
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => finish());
    socket.on('error', () => finish());
    socket.write(bytes);
  });
}
