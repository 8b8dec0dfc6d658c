/**
 * A program's output read as lines, in time linear in its bytes: each chunk is searched
 * for newlines once, from where the last search stopped, and a line is decoded only when
 * it ends (a newline byte is never inside a multi-byte UTF-8 character, so no character is
 * split). Searching the whole of a growing line again for each chunk, as before, took
 * 82 s of CPU for sixty 15 MB lines.
 *
 * A line longer than `maxLineBytes` is not kept whole: its first bytes are kept and the
 * rest read and dropped until its newline, and it is reported once, cut, with its length.
 */

/** How much of a line too long to keep is shown, in characters. */
const CUT_LINE_SHOWN_CHARS = 200;

export type ReadLine = { line: string; bytes: number; cut: boolean };

/**
 * The start of a long text as a string of its own. A slice of a V8 string may keep the
 * whole string it was cut from alive: a queue of cut lines would hold every long line.
 */
export function copyStart(text: string, chars: number): string {
  return text.length <= chars ? text : Buffer.from(text.slice(0, chars), 'utf8').toString('utf8');
}

export function describeCutLine({ start, bytes, maxLineBytes }: { start: string; bytes: number; maxLineBytes: number }): string {
  return `${copyStart(start, CUT_LINE_SHOWN_CHARS)}… (cut: a line of ${bytes} bytes, more than the ${maxLineBytes} kept)`;
}

/** Reads a stream's 'data' and 'end' (a child process's stdout or stderr, or the MCP SDK's PassThrough of one). */
export function readLines(stream: NodeJS.EventEmitter, { maxLineBytes, onLine }: { maxLineBytes: number; onLine: (read: ReadLine) => void }): void {
  let parts: Buffer[] = [];
  let kept = 0;
  let bytes = 0;

  const append = (piece: Buffer) => {
    bytes += piece.length;
    if (kept >= maxLineBytes) return;
    const taken = piece.subarray(0, maxLineBytes - kept);
    parts.push(taken);
    kept += taken.length;
  };
  const end = () => {
    const cut = bytes > maxLineBytes;
    // Of a line cut, only its start is decoded (four bytes a character at most).
    const text = (cut ? takeStart(parts, CUT_LINE_SHOWN_CHARS * 4) : Buffer.concat(parts, kept)).toString('utf8');
    onLine({ line: cut ? describeCutLine({ start: text, bytes, maxLineBytes }) : text.replace(/\r$/, ''), bytes, cut });
    parts = [];
    kept = 0;
    bytes = 0;
  };

  stream.on('data', (chunk: Buffer | string) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    for (let newline = buffer.indexOf(0x0a, start); newline >= 0; newline = buffer.indexOf(0x0a, start)) {
      append(buffer.subarray(start, newline));
      end();
      start = newline + 1;
    }
    if (start < buffer.length) append(buffer.subarray(start));
  });
  stream.on('end', () => {
    if (bytes > 0) end();
  });
}

function takeStart(parts: Buffer[], count: number): Buffer {
  const taken: Buffer[] = [];
  let size = 0;
  for (const part of parts) {
    if (size >= count) break;
    const piece = part.subarray(0, count - size);
    taken.push(piece);
    size += piece.length;
  }
  return Buffer.concat(taken, size);
}
