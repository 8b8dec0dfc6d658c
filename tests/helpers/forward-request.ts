import type { IncomingMessage, ServerResponse } from 'node:http';

/** Request headers that belong to the hop to the test's server, not to the one behind it. */
const HOP_REQUEST_HEADERS = new Set(['host', 'origin', 'referer', 'content-length', 'connection']);
/** fetch hands the answer's body back decoded and whole: its length, encoding and framing headers no longer hold. */
const DECODED_BODY_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection']);

/**
 * Passes a request, whose body the test's server has read, on to the same path under
 * `target`, and sends the answer back whole: for a server that stands in front of the
 * real one and breaks only what its test is about.
 */
export async function forwardRequest(target: string, request: IncomingMessage, response: ServerResponse, body: string): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_REQUEST_HEADERS.has(name)) continue;
    for (const item of [value].flat()) headers.append(name, item);
  }
  const upstream = await fetch(`${target}${request.url ?? ''}`, { method: request.method, headers, ...(request.method === 'POST' ? { body } : {}) });
  response.writeHead(upstream.status, Object.fromEntries([...upstream.headers].filter(([name]) => !DECODED_BODY_HEADERS.has(name))));
  response.end(Buffer.from(await upstream.arrayBuffer()));
}
