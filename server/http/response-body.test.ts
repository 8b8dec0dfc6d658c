import { describe, expect, it } from 'vitest';
import { followBody, prependToBody } from './response-body.ts';

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('prependToBody', () => {
  it('sends the text first, then the body, keeping status and headers', async () => {
    const original = new Response(streamOf('event: message\n', 'data: {}\n\n'), { status: 200, headers: { 'content-type': 'text/event-stream' } });
    const response = prependToBody(original, ': open\n\n');
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await response.text()).toBe(': open\n\nevent: message\ndata: {}\n\n');
  });
});

describe('followBody', () => {
  it('runs the callback once, after the last byte', async () => {
    let calls = 0;
    const response = followBody(new Response(streamOf('a', 'b')), () => (calls += 1));
    expect(calls).toBe(0);
    expect(await response.text()).toBe('ab');
    expect(calls).toBe(1);
  });

  it('runs it when the reader gives up early, and at once for a response without a body', async () => {
    let calls = 0;
    const response = followBody(new Response(streamOf('a', 'b')), () => (calls += 1));
    await response.body!.cancel();
    expect(calls).toBe(1);
    followBody(new Response(null, { status: 202 }), () => (calls += 1));
    expect(calls).toBe(2);
  });
});
