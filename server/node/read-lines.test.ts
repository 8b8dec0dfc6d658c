import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLines, type ReadLine } from './read-lines.ts';

function feed(chunks: (string | Buffer)[], maxLineBytes = 1024): ReadLine[] {
  const stream = new PassThrough();
  const lines: ReadLine[] = [];
  readLines(stream, { maxLineBytes, onLine: (line) => lines.push(line) });
  for (const chunk of chunks) stream.emit('data', typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  stream.emit('end');
  return lines;
}

describe('readLines', () => {
  it('splits lines across chunks, keeps a character whose bytes two chunks share, and drops a CR before the newline', () => {
    const euro = Buffer.from('€');
    const lines = feed(['{"a":', '1}\n{"b":"', euro.subarray(0, 1), Buffer.concat([euro.subarray(1), Buffer.from('"}\r\nlast')])]);
    expect(lines.map((line) => line.line)).toEqual(['{"a":1}', '{"b":"€"}', 'last']);
    expect(lines.map((line) => line.bytes)).toEqual([7, 12, 4]);
  });

  it('reports a line over the bound once, cut, with its length, and reads the next line whole', () => {
    const long = 'x'.repeat(3000);
    const lines = feed([`${long.slice(0, 1000)}`, `${long.slice(1000)}\nnext\n`]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ bytes: 3000, cut: true });
    expect(lines[0]?.line).toBe(`${'x'.repeat(200)}… (cut: a line of 3000 bytes, more than the 1024 kept)`);
    expect(lines[1]).toEqual({ line: 'next', bytes: 4, cut: false });
  });

  it('reads a line of 64 MiB sent in 1,024 chunks whole', () => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const chunks = Array.from({ length: 1024 }, () => chunk);
    const lines = feed([...chunks, '\n'], 128 * 1024 * 1024);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.bytes).toBe(64 * 1024 * 1024);
  });
});
