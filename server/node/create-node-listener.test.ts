import http from 'node:http';
import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
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
  const server = http.createServer(
    createNodeListener(async () => new Response(createEventStream(events), { headers: { 'content-type': 'text/event-stream' } })),
  );
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

describe('the Node listener writes a large streamed answer whole', () => {
  // The listener used to wait for 'drain' after a chunk larger than the response takes at
  // once (the React MCP App example's 423 kB resources/read answer through the stdio bridge,
  // 440,502 bytes framed), listening only after the uncork. Node 24's uncork() emits it itself
  // when it flushes all it held (nodejs/node#64038), Node 22 emits none when a held chunk goes
  // to the socket whole: the next event never went out until the client gave up. On the old
  // listener all three cases failed under Node 24, the last two under Node 22.
  it.each([
    ['one event over the buffer, then a small one', [440_502, 100]],
    ['two events over the buffer, as the bridge frames a 423 kB line and then its message', [440_502, 422_707]],
    ['three events over the buffer', [300_000, 300_000, 300_000]],
  ])('%s: all arrive', async (_, sizes) => {
    const events = sizes.map((size, index) => `event: message\ndata: "${String(index).repeat(size)}"\n\n`);
    const body = await fetchThroughListener(events);
    expect(body.length).toBe(events.join('').length);
    expect(body).toBe(events.join(''));
  });
});

describe('the Node listener holds a streamed answer back while its client reads nothing', () => {
  // The wait for each chunk to leave is what keeps an answer out of the server's memory when its client is slow.
  it('takes no more of the body than the connection holds, then sends the rest once the client reads', async () => {
    const CHUNKS = 64;
    const CHUNK_BYTES = 1024 * 1024;
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === CHUNKS) return controller.close();
        pulled++;
        controller.enqueue(new Uint8Array(CHUNK_BYTES));
      },
    });
    const server = http.createServer(createNodeListener(async () => new Response(body, { headers: { 'content-type': 'application/octet-stream' } })));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    try {
      socket.pause();
      socket.write('POST /mcp HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\ncontent-length: 2\r\n\r\n{}');
      // Until the listener stops taking chunks: the socket's and the kernel's buffers (a few MiB on loopback) are full.
      for (let seen = -1; seen !== pulled;) {
        seen = pulled;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(pulled).toBeLessThan(CHUNKS / 2);
      let received = 0;
      socket.on('data', (chunk: Buffer) => (received += chunk.byteLength));
      socket.resume();
      await once(socket, 'end');
      expect(pulled).toBe(CHUNKS);
      expect(received).toBeGreaterThan(CHUNKS * CHUNK_BYTES);
    } finally {
      socket.destroy();
      server.close();
    }
  });
});
