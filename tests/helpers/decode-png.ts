import { crc32, inflateSync } from 'node:zlib';

/**
 * An independent reader for the PNGs our tools draw: node:zlib checks the CRCs and
 * inflates the image data (verifying its Adler-32), so a test never trusts our own
 * encoder to judge itself. Handles indexed colour without filtering or interlace.
 */

export type PngChunk = { type: string; data: Buffer; crc: number; crcValid: boolean };

export type DecodedPng = {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  chunks: PngChunk[];
  palette: [number, number, number][];
  /** One palette index per pixel, row by row. */
  pixels: Uint8Array;
  /** The filter byte of every scanline. */
  filters: number[];
};

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function readPngChunks(bytes: Uint8Array): PngChunk[] {
  const buffer = Buffer.from(bytes);
  if (!buffer.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('Not a PNG: the signature is wrong');
  const chunks: PngChunk[] = [];
  let offset = 8;
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    const data = buffer.subarray(offset + 8, offset + 8 + length);
    const crc = buffer.readUInt32BE(offset + 8 + length);
    chunks.push({ type, data, crc, crcValid: crc32(buffer.subarray(offset + 4, offset + 8 + length)) === crc });
    offset += 12 + length;
  }
  return chunks;
}

export function decodePalettePng(bytes: Uint8Array): DecodedPng {
  const chunks = readPngChunks(bytes);
  const header = chunks.find((chunk) => chunk.type === 'IHDR');
  if (!header) throw new Error('No IHDR chunk');
  const width = header.data.readUInt32BE(0);
  const height = header.data.readUInt32BE(4);
  const bitDepth = header.data[8]!;
  const colorType = header.data[9]!;
  const paletteData = chunks.find((chunk) => chunk.type === 'PLTE')?.data ?? Buffer.alloc(0);
  const palette: [number, number, number][] = [];
  for (let index = 0; index < paletteData.length; index += 3) {
    palette.push([paletteData[index]!, paletteData[index + 1]!, paletteData[index + 2]!]);
  }
  const raw = inflateSync(Buffer.concat(chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data)));
  const rowBytes = Math.ceil((width * bitDepth) / 8);
  if (raw.length !== height * (rowBytes + 1)) throw new Error(`Image data has ${raw.length} bytes, expected ${height * (rowBytes + 1)}`);
  const pixels = new Uint8Array(width * height);
  const filters: number[] = [];
  const pixelsPerByte = 8 / bitDepth;
  const mask = (1 << bitDepth) - 1;
  for (let y = 0; y < height; y += 1) {
    const rowStart = y * (rowBytes + 1);
    filters.push(raw[rowStart]!);
    for (let x = 0; x < width; x += 1) {
      const byte = raw[rowStart + 1 + Math.floor(x / pixelsPerByte)]!;
      const shift = 8 - bitDepth * ((x % pixelsPerByte) + 1);
      pixels[y * width + x] = (byte >> shift) & mask;
    }
  }
  return { width, height, bitDepth, colorType, chunks, palette, pixels, filters };
}
