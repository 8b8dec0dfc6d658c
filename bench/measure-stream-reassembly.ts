import { readFile } from 'node:fs/promises';
import { ChatCompletionStream } from 'openai/lib/ChatCompletionStream';
import { Stream } from 'openai/streaming';
import { createOpenAiChatStreamReader } from '../src/providers/openai-chat/read-openai-chat-stream.ts';
import { splitStreamText } from '../src/providers/stream-frames.ts';
import type { PartOptions } from './bench-options.ts';
import { createFigure, type Figure } from './figures.ts';
import { computeMedian } from './statistics.ts';

/**
 * The host's reassembly of a streamed reply against the official openai SDK's own
 * accumulation (ChatCompletionStream), on the same streams recorded from the real API by
 * the SDKs' tests. Both start from the response body as it came over the wire: the SDK
 * parses its SSE and accumulates the chunks into a chat completion; the host splits the
 * same text into frames and feeds its reader, then assembles the reply. Each is timed over
 * many passes (one pass is microseconds), and the ratio of the medians is the figure.
 */

const PART = 'Streamed reply';
const FIXTURES = ['openai-python-tool-call.sse.txt', 'openai-python-parallel-tool-calls.sse.txt', 'openai-node-text.sse.txt'];

async function readFixture(name: string): Promise<string> {
  return readFile(new URL(`../src/providers/openai-chat/__fixtures__/${name}`, import.meta.url), 'utf8');
}

function reassembleWithHost(text: string): unknown {
  const reader = createOpenAiChatStreamReader();
  for (const frame of splitStreamText({ text, framing: 'sse' })) reader.feed(frame);
  return reader.assemble();
}

async function reassembleWithSdk(text: string) {
  const chunks = Stream.fromSSEResponse(new Response(text), new AbortController());
  return ChatCompletionStream.fromReadableStream(chunks.toReadableStream()).finalChatCompletion();
}

async function timePasses(passes: number, pass: () => unknown): Promise<number> {
  const started = performance.now();
  for (let index = 0; index < passes; index++) await pass();
  return (performance.now() - started) / passes;
}

export async function measureStreamReassembly({ quick, log }: PartOptions): Promise<Figure[]> {
  const texts = await Promise.all(FIXTURES.map(readFixture));
  const passes = quick ? 200 : 1000;
  const rounds = quick ? 3 : 7;
  // Both must read the same reply before their speed means anything.
  for (const text of texts) {
    const host = JSON.stringify(reassembleWithHost(text));
    const sdk = await reassembleWithSdk(text);
    if (!host.includes(JSON.stringify(sdk.choices[0]!.message.content))) {
      throw new Error('The host and the SDK reassembled different replies from the same recorded stream.');
    }
  }
  const hostTimes: number[] = [];
  const sdkTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    hostTimes.push(await timePasses(passes, () => texts.forEach(reassembleWithHost)));
    sdkTimes.push(await timePasses(passes, () => Promise.all(texts.map(reassembleWithSdk))));
  }
  const host = computeMedian(hostTimes);
  const sdk = computeMedian(sdkTimes);
  const frames = texts.reduce((sum, text) => sum + splitStreamText({ text, framing: 'sse' }).length, 0);
  log(
    `  ${FIXTURES.length} recorded streams, ${frames} frames; host ${(host * 1000).toFixed(0)} µs, SDK ${(sdk * 1000).toFixed(0)} µs per pass (median of ${rounds} × ${passes})`,
  );
  return [
    createFigure({
      part: PART,
      name: 'Host reassembly / openai SDK accumulation',
      value: host / sdk,
      unit: '×',
      budget: { comparison: '<=', limit: 1.2 },
      note: `recorded streams, ${frames} frames a pass`,
    }),
  ];
}
