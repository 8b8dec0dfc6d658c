import { describe, expect, it } from 'vitest';
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { decodePalettePng, PNG_SIGNATURE, readPngChunks } from '../../../tests/helpers/decode-png.ts';
import { choosePaletteBitDepth, computeAdler32, computeCrc32, encodeBase64, encodePalettePng, wrapInZlib, type RgbColor } from './encode-png.ts';

const threeColors: RgbColor[] = [
  [255, 255, 255],
  [255, 0, 0],
  [0, 0, 255],
];

/** A 5×3 image whose pixel (x, y) has colour (x + y) % 3, so every index shows up in odd places. */
function makeDiagonalImage(width = 5, height = 3) {
  const pixels = Uint8Array.from({ length: width * height }, (_, index) => ((index % width) + Math.floor(index / width)) % 3);
  return { width, height, palette: threeColors, pixels };
}

describe('encodePalettePng', () => {
  it('starts with the PNG signature and has IHDR, PLTE, IDAT and IEND in that order', () => {
    const png = encodePalettePng(makeDiagonalImage());
    expect(Buffer.from(png.subarray(0, 8)).equals(PNG_SIGNATURE)).toBe(true);
    expect(readPngChunks(png).map((chunk) => chunk.type)).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
  });

  it('writes the dimensions, bit depth and indexed colour type in IHDR', () => {
    const decoded = decodePalettePng(encodePalettePng(makeDiagonalImage(200, 120)));
    expect(decoded).toMatchObject({ width: 200, height: 120, bitDepth: 2, colorType: 3 });
  });

  it('gives every chunk a CRC that node:zlib agrees with', () => {
    const chunks = readPngChunks(encodePalettePng(makeDiagonalImage()));
    expect(chunks.every((chunk) => chunk.crcValid)).toBe(true);
  });

  it('decodes, through node:zlib inflate, to the same palette and pixels, with no filtering', () => {
    const image = makeDiagonalImage();
    const decoded = decodePalettePng(encodePalettePng(image));
    expect(decoded.palette).toEqual(threeColors);
    expect(Array.from(decoded.pixels)).toEqual(Array.from(image.pixels));
    expect(decoded.filters).toEqual([0, 0, 0]);
  });

  it.each([
    [2, 1],
    [4, 2],
    [16, 4],
    [17, 8],
    [256, 8],
  ])('packs a palette of %i colours at %i bits per pixel, and still decodes exactly', (colors, bitDepth) => {
    expect(choosePaletteBitDepth(colors)).toBe(bitDepth);
    const width = 13; // not a multiple of any pixels-per-byte, so rows end in a partly used byte
    const height = 4;
    const palette = Array.from({ length: colors }, (_, index): RgbColor => [index, 255 - index, (index * 7) % 256]);
    const pixels = Uint8Array.from({ length: width * height }, (_, index) => (index * 5) % colors);
    const decoded = decodePalettePng(encodePalettePng({ width, height, palette, pixels }));
    expect(decoded.bitDepth).toBe(bitDepth);
    expect(Array.from(decoded.pixels)).toEqual(Array.from(pixels));
  });

  it('splits image data over several stored blocks when it is longer than 65535 bytes', () => {
    const width = 300;
    const height = 300;
    const palette = Array.from({ length: 256 }, (_, index): RgbColor => [index, index, index]);
    const pixels = Uint8Array.from({ length: width * height }, (_, index) => index % 251);
    const decoded = decodePalettePng(encodePalettePng({ width, height, palette, pixels }));
    expect(Array.from(decoded.pixels.subarray(-500))).toEqual(Array.from(pixels.subarray(-500)));
  });

  it('refuses a pixel outside the palette, a wrong pixel count and an empty image', () => {
    expect(() => encodePalettePng({ width: 1, height: 1, palette: threeColors, pixels: Uint8Array.of(3) })).toThrow(/outside the palette/);
    expect(() => encodePalettePng({ width: 2, height: 1, palette: threeColors, pixels: Uint8Array.of(0) })).toThrow(/Expected 2 pixels/);
    expect(() => encodePalettePng({ width: 0, height: 1, palette: threeColors, pixels: new Uint8Array(0) })).toThrow(/positive/);
  });
});

describe('the checksums and the zlib wrapper', () => {
  const sample = new TextEncoder().encode('What is 5 plus 7?');

  it('computes CRC-32 as node:zlib does', () => {
    expect(computeCrc32(sample)).toBe(crc32(sample));
    expect(computeCrc32(new Uint8Array(0))).toBe(0);
  });

  it('computes Adler-32 as zlib does (the last four bytes of a zlib stream)', () => {
    expect(computeAdler32(sample)).toBe(deflateSync(sample).readUInt32BE(deflateSync(sample).length - 4));
    expect(computeAdler32(new Uint8Array(0))).toBe(1);
  });

  it('wraps data that node:zlib inflates back, empty data included', () => {
    expect(Buffer.from(inflateSync(wrapInZlib(sample))).toString()).toBe('What is 5 plus 7?');
    expect(inflateSync(wrapInZlib(new Uint8Array(0))).length).toBe(0);
  });
});

describe('encodeBase64', () => {
  it('matches Buffer for short and long input', () => {
    const long = Uint8Array.from({ length: 100_000 }, (_, index) => index % 256);
    expect(encodeBase64(long)).toBe(Buffer.from(long).toString('base64'));
    expect(encodeBase64(Uint8Array.of(1, 2))).toBe('AQI=');
  });
});
