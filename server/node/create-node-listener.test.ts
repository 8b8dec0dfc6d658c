import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createNodeListener } from './create-node-listener.ts';

/** An answer whose events are all ready at once, as an MCP answer is when a progress notification and the result come together. */
function createEventStream(events: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const event of events) controller.enqueue(new TextEncoder().encode(event));
      controller.close();
    },
  });
}

async function fetchThroughListener(events: string[]): Promise<string> {
  const server = http.createServer(createNodeListener(async () => new Response(createEventStream(events), { headers: { 'content-type': 'text/event-stream' } })));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', body: '{}' });
    return await response.text();
  } finally {
    server.close();
  }
}

describe('the Node listener writes a streamed answer whole', () => {
  // Under Node 22 the events held in the response's cork went out after the stream's end:
  // a client read the progress notification and then an answer with no result.
  it.each([1, 2, 5])('%i events ready at once all arrive, before the stream ends', async (count) => {
    const events = Array.from({ length: count }, (_, index) => `event: message\ndata: {"n":${index}}\n\n`);
    expect(await fetchThroughListener(events)).toBe(events.join(''));
  });
});
