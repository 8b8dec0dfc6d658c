import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { request as undiciRequest } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUT_OFF_LINGER_MS, DISCARD_TIMEOUT_MS, MAX_DISCARDED_BODY_BYTES } from '../../server/node/answer-before-body.ts';
import { MAX_REQUEST_BODY_BYTES } from '../../server/shared/read-bounded-body.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

/**
 * A body over the 4 MiB limit is answered with 413, and every client reads that
 * answer: Node's fetch, undici and curl, declared (Content-Length) and streamed
 * (chunked). Before the server read and dropped the rest of the body, about half of
 * the Node fetch clients got EPIPE instead, because the server closed a socket with
 * unread bytes in it. The server runs in its own process, as it does for users: in
 * one process the timing that loses the answer does not happen.
 */

const TRIES = 20;
const PATHS = ['/mcp', '/mcp/toolbox', '/mock/openai/v1/chat/completions'];
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
/** Over the limit, well under the bound on what the server reads and drops. */
const BODY_BYTES = MAX_REQUEST_BODY_BYTES + 2 * 1024 * 1024;
const body = Buffer.alloc(BODY_BYTES, 0x20);

let server: ServerProcess;
let folder: string;
let bodyFile: string;
beforeAll(async () => {
  server = await startServerProcess();
  folder = mkdtempSync(join(tmpdir(), 'oversized-body-'));
  bodyFile = join(folder, 'body.json');
  writeFileSync(bodyFile, body);
}, 40_000);
afterAll(async () => {
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** The body in 64 KiB pieces, with no length known up front: sent chunked. */
function* pieces(): Generator<Buffer> {
  for (let offset = 0; offset < body.byteLength; offset += 64 * 1024) yield body.subarray(offset, offset + 64 * 1024);
}

type Send = (url: string) => Promise<string>;

/** What each client reports: the status it read, or the error it got instead. */
const CLIENTS: Record<string, { declared: Send; streamed: Send }> = {
  'Node fetch': {
    declared: async (url) => {
      const response = await fetch(url, { method: 'POST', headers: HEADERS, body });
      await response.text();
      return String(response.status);
    },
    streamed: async (url) => {
      const stream = Readable.toWeb(Readable.from(pieces())) as ReadableStream<Uint8Array>;
      const response = await fetch(url, { method: 'POST', headers: HEADERS, body: stream, duplex: 'half' } as RequestInit);
      await response.text();
      return String(response.status);
    },
  },
  undici: {
    declared: async (url) => {
      const response = await undiciRequest(url, { method: 'POST', headers: HEADERS, body });
      await response.body.text();
      return String(response.statusCode);
    },
    streamed: async (url) => {
      const response = await undiciRequest(url, { method: 'POST', headers: HEADERS, body: Readable.from(pieces()) });
      await response.body.text();
      return String(response.statusCode);
    },
  },
  curl: {
    declared: (url) => runCurl(url, []),
    streamed: (url) => runCurl(url, ['-H', 'transfer-encoding: chunked']),
  },
};

function runCurl(url: string, extra: string[]): Promise<string> {
  const headers = Object.entries(HEADERS).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const parameters = ['-sS', '-o', '/dev/null', '-w', '%{http_code}', '-X', 'POST', ...headers, ...extra, '--data-binary', `@${bodyFile}`, url];
  return new Promise((resolve) => {
    execFile('curl', parameters, (error, stdout, stderr) => resolve(error ? `curl failed (${error.code}): ${stderr.trim()}` : stdout.trim()));
  });
}

async function describeFailure(send: () => Promise<string>): Promise<string> {
  try {
    return await send();
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${(error.cause as NodeJS.ErrnoException).code ?? error.cause.message})` : '';
    return `${error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error)}${cause}`;
  }
}

describe.each(Object.entries(CLIENTS))('%s', (_clientName, client) => {
  describe.each(['declared', 'streamed'] as const)('a %s body over the limit', (kind) => {
    it.each(PATHS)(
      `reads the 413 on %s, ${TRIES} tries out of ${TRIES}`,
      async (path) => {
        const seen: string[] = [];
        for (let attempt = 0; attempt < TRIES; attempt++) seen.push(await describeFailure(() => client[kind](`${server.url}${path}`)));
        expect(seen).toEqual(Array.from({ length: TRIES }, () => '413'));
      },
      120_000,
    );
  });
});

/** Bytes a raw client manages to send before the server cuts it off, and whether it was cut off. */
function sendUntilCutOff(
  port: number,
  totalBytes: number,
  options: { stallAfterBytes?: number; readAfterMs?: number } = {},
): Promise<{ sent: number; cutOff: boolean; answer: string; afterMs: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let sent = 0;
    let answer = '';
    let done = false;
    const finish = (cutOff: boolean) => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve({ sent, cutOff, answer, afterMs: performance.now() - started });
    };
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    const piece = Buffer.alloc(256 * 1024, 0x20);
    const pump = () => {
      while (sent < totalBytes && sent < (options.stallAfterBytes ?? Infinity)) {
        sent += piece.byteLength;
        if (!socket.write(piece)) return void socket.once('drain', pump);
      }
      // Everything was accepted: the server read it all, or is about to say so.
      if (sent >= totalBytes) setTimeout(() => finish(false), 2_000);
    };
    // A client on a loaded machine reads late: the answer waits in its kernel buffers meanwhile.
    if (options.readAfterMs !== undefined) {
      socket.pause();
      setTimeout(() => socket.resume(), options.readAfterMs);
    }
    socket.once('connect', () => {
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${totalBytes}\r\n\r\n`,
      );
      pump();
    });
  });
}

describe('a client that sends far more than the bound', () => {
  it('is cut off once the server has read and dropped the bound', async () => {
    const total = 256 * 1024 * 1024;
    const outcome = await sendUntilCutOff(server.port, total);
    expect(outcome.cutOff).toBe(true);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
    // What the kernel's buffers on both sides hold comes on top of the bound; far below the whole body.
    expect(outcome.sent).toBeLessThan(MAX_DISCARDED_BODY_BYTES + 32 * 1024 * 1024);
  }, 60_000);

  it('is cut off without losing the answer when it reads only after the server has dropped the bound', async () => {
    const outcome = await sendUntilCutOff(server.port, 256 * 1024 * 1024, { readAfterMs: 500 });
    expect(outcome.cutOff).toBe(true);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.sent).toBeLessThan(MAX_DISCARDED_BODY_BYTES + 32 * 1024 * 1024);
    expect(outcome.afterMs).toBeLessThan(CUT_OFF_LINGER_MS + 5_000);
  }, 60_000);

  it(`is cut off when the rest of the body stops coming for ${DISCARD_TIMEOUT_MS / 1000} s`, async () => {
    const outcome = await sendUntilCutOff(server.port, 64 * 1024 * 1024, { stallAfterBytes: MAX_REQUEST_BODY_BYTES + 1024 * 1024 });
    expect(outcome.cutOff).toBe(true);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.afterMs).toBeGreaterThanOrEqual(DISCARD_TIMEOUT_MS - 500);
    expect(outcome.afterMs).toBeLessThan(DISCARD_TIMEOUT_MS + 10_000);
  }, 40_000);
});
