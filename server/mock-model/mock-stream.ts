/**
 * What the mock's streamed answers share: the frames, how they go on the wire (SSE events
 * or NDJSON lines), and the deterministic cuts that make a stream look like a model's:
 * arguments in small pieces that fall mid-key and mid-string, text a word or two at a time.
 * Same request, same frames, so a recorded run repeats.
 */

export type MockStreamFrame = { data: string; event?: string };
export type MockStream = { framing: 'sse' | 'ndjson'; frames: MockStreamFrame[] };

/** Piece lengths, cycled: uneven on purpose, so the cuts fall inside keys, strings and numbers. */
const PIECE_LENGTHS = [3, 5, 2, 4];

/** A JSON text cut into small pieces; joined, they give the text back exactly. */
export function cutIntoPieces(text: string): string[] {
  const pieces: string[] = [];
  for (let start = 0, turn = 0; start < text.length; turn++) {
    const length = PIECE_LENGTHS[turn % PIECE_LENGTHS.length]!;
    pieces.push(text.slice(start, start + length));
    start += length;
  }
  return pieces;
}

/** Text cut after every second word, keeping the spaces, as models stream tokens. */
export function cutIntoWords(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const pieces: string[] = [];
  for (let index = 0; index < words.length; index += 2) pieces.push(words.slice(index, index + 2).join(''));
  return pieces.length > 0 ? pieces : [text];
}

/** One frame of JSON data, with an SSE event name when the format sends one. */
export function jsonFrame(value: unknown, event?: string): MockStreamFrame {
  return event === undefined ? { data: JSON.stringify(value) } : { data: JSON.stringify(value), event };
}

function encodeFrame({ frame, framing }: { frame: MockStreamFrame; framing: MockStream['framing'] }): string {
  if (framing === 'ndjson') return `${frame.data}\n`;
  return `${frame.event === undefined ? '' : `event: ${frame.event}\n`}data: ${frame.data}\n\n`;
}

const CONTENT_TYPES: Record<MockStream['framing'], string> = { sse: 'text/event-stream; charset=utf-8', ndjson: 'application/x-ndjson' };

/**
 * A 200 whose body sends one frame per chunk, yielding to the event loop between frames so
 * each is written, and arrives, on its own: the host records each frame's arrival time.
 */
export function writeStreamResponse({ stream, headers }: { stream: MockStream; headers: Record<string, string> }): Response {
  const encoder = new TextEncoder();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const frame = stream.frames[next];
      if (!frame) {
        controller.close();
        return;
      }
      if (next > 0) await new Promise((resolve) => setTimeout(resolve, 0));
      next++;
      controller.enqueue(encoder.encode(encodeFrame({ frame, framing: stream.framing })));
    },
  });
  const asciiHeaders = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value.replace(/[^\x20-\x7e]/g, '?')]));
  return new Response(body, { status: 200, headers: { 'content-type': CONTENT_TYPES[stream.framing], 'cache-control': 'no-cache', ...asciiHeaders } });
}
