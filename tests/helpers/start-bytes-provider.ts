import { readFileSync } from 'node:fs';
import { startHttpServer, type TestServer } from './start-http-server.ts';

/**
 * A provider on loopback that answers every request with the bytes a test gives it, so
 * that an official SDK and the host read exactly the same reply: a recorded stream cut
 * where the test says, a body that stops mid-JSON, or one whose connection breaks.
 */
export type ProviderBytes = {
  contentType: 'text/event-stream' | 'application/x-ndjson' | 'application/json';
  body: string;
  /** Break the connection after the body (a reset, not a close): what a dropped connection does. */
  breakAfter?: boolean;
};

export type BytesProvider = TestServer & { answer(bytes: ProviderBytes): void };

export async function startBytesProvider(): Promise<BytesProvider> {
  let current: ProviderBytes = { contentType: 'application/json', body: '{}' };
  const server = await startHttpServer((_request, response) => {
    const { contentType, body, breakAfter } = current;
    // A whole body says its length, so a break before its end is one the client can tell.
    const length = contentType === 'application/json' ? { 'content-length': String(Buffer.byteLength(body) + (breakAfter ? 100 : 0)) } : {};
    response.writeHead(200, { 'content-type': contentType, ...length });
    if (!breakAfter) {
      response.end(body);
      return;
    }
    response.write(body, () => setTimeout(() => response.socket?.resetAndDestroy(), 20));
  });
  return { ...server, answer: (bytes) => (current = bytes) };
}

const FIXTURES = new URL('../../src/providers/', import.meta.url);

/** A recorded fixture of a provider folder (src/providers/<wire>/__fixtures__/). */
export function readProviderFixture(path: string): string {
  return readFileSync(new URL(path, FIXTURES), 'utf8');
}

/** The events of a recorded SSE body (blank-line separated), each as it was written. */
export function splitSseEvents(text: string): string[] {
  return text.split(/\r?\n\r?\n/).filter((event) => event.trim() !== '');
}

/** Events written back as an SSE body. */
export function joinSseEvents(events: string[]): string {
  return events.map((event) => `${event}\n\n`).join('');
}

/** A fixture kept one JSON per line (the Responses and Gemini recordings) as the SSE body it was: Responses names each event by its type. */
export function writeSseFromLines(lines: string[], { named }: { named: boolean }): string {
  return joinSseEvents(lines.map((line) => (named ? `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}` : `data: ${line}`)));
}

/** The non-blank lines of a fixture. */
export function splitLines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}
