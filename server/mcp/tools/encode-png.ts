/**
 * A minimal PNG encoder in plain TypeScript, so a tool can draw a picture anywhere the
 * server runs (Node or a Service Worker) without a dependency: an indexed-colour image,
 * no filtering, and zlib data made of "stored" (uncompressed) deflate blocks. Bigger
 * than a compressed PNG, but every byte is easy to follow.
 */

export type RgbColor = readonly [red: number, green: number, blue: number];

export type PaletteImage = {
  width: number;
  height: number;
  /** Up to 256 colours; pixels name them by index. */
  palette: readonly RgbColor[];
  /** One palette index per pixel, row by row from the top left. */
  pixels: Uint8Array;
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const COLOR_TYPE_INDEXED = 3;
/** A stored deflate block holds at most 65535 bytes (its length field has 16 bits). */
const STORED_BLOCK_LIMIT = 0xffff;

export function encodePalettePng(image: PaletteImage): Uint8Array {
  const { width, height, palette, pixels } = image;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new Error(`A PNG needs a positive whole width and height, not ${width}×${height}`);
  }
  if (palette.length < 1 || palette.length > 256) throw new Error(`A palette holds 1 to 256 colours, not ${palette.length}`);
  if (pixels.length !== width * height) throw new Error(`Expected ${width * height} pixels, got ${pixels.length}`);
  const bitDepth = choosePaletteBitDepth(palette.length);

  const header = new Uint8Array(13);
  const headerView = new DataView(header.buffer);
  headerView.setUint32(0, width);
  headerView.setUint32(4, height);
  header.set([bitDepth, COLOR_TYPE_INDEXED, 0, 0, 0], 8); // compression 0, filter 0, no interlace

  const paletteBytes = new Uint8Array(palette.length * 3);
  palette.forEach((color, index) =>
    paletteBytes.set(
      color.map((channel) => clampByte(channel)),
      index * 3,
    ),
  );

  return concatenateBytes([
    Uint8Array.from(PNG_SIGNATURE),
    encodeChunk('IHDR', header),
    encodeChunk('PLTE', paletteBytes),
    encodeChunk('IDAT', wrapInZlib(packScanlines(image, bitDepth))),
    encodeChunk('IEND', new Uint8Array(0)),
  ]);
}

/** The fewest bits per pixel that can name every colour: 1, 2, 4 or 8. */
export function choosePaletteBitDepth(colors: number): 1 | 2 | 4 | 8 {
  if (colors <= 2) return 1;
  if (colors <= 4) return 2;
  if (colors <= 16) return 4;
  return 8;
}

/** Each row starts with its filter type (0, none), then the indices packed high bits first. */
function packScanlines({ width, height, palette, pixels }: PaletteImage, bitDepth: number): Uint8Array {
  const rowBytes = Math.ceil((width * bitDepth) / 8);
  const raw = new Uint8Array(height * (rowBytes + 1));
  const pixelsPerByte = 8 / bitDepth;
  for (let y = 0; y < height; y += 1) {
    const rowStart = y * (rowBytes + 1) + 1;
    for (let x = 0; x < width; x += 1) {
      const index = pixels[y * width + x]!;
      if (index >= palette.length) throw new Error(`Pixel (${x}, ${y}) names colour ${index}, outside the palette of ${palette.length}`);
      const shift = 8 - bitDepth * ((x % pixelsPerByte) + 1);
      raw[rowStart + Math.floor(x / pixelsPerByte)]! |= index << shift;
    }
  }
  return raw;
}

/** zlib: a two-byte header, stored deflate blocks, then the Adler-32 of the raw data. */
export function wrapInZlib(data: Uint8Array): Uint8Array {
  const blockCount = Math.max(1, Math.ceil(data.length / STORED_BLOCK_LIMIT));
  const output = new Uint8Array(2 + blockCount * 5 + data.length + 4);
  output.set([0x78, 0x01]); // deflate, 32 KiB window, no preset dictionary; 0x7801 is divisible by 31
  let offset = 2;
  for (let block = 0; block < blockCount; block += 1) {
    const start = block * STORED_BLOCK_LIMIT;
    const length = Math.min(STORED_BLOCK_LIMIT, data.length - start);
    const isLast = block === blockCount - 1;
    output[offset] = isLast ? 1 : 0; // BFINAL bit, BTYPE 00 = stored
    output[offset + 1] = length & 0xff;
    output[offset + 2] = length >>> 8;
    output[offset + 3] = ~length & 0xff;
    output[offset + 4] = (~length >>> 8) & 0xff;
    output.set(data.subarray(start, start + length), offset + 5);
    offset += 5 + length;
  }
  new DataView(output.buffer).setUint32(offset, computeAdler32(data));
  return output;
}

/** A chunk: its data length, its four-letter type, the data, and a CRC-32 over type and data. */
function encodeChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(
    Array.from(type, (letter) => letter.charCodeAt(0)),
    4,
  );
  chunk.set(data, 8);
  view.setUint32(8 + data.length, computeCrc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

let crcTable: Uint32Array | undefined;

/** CRC-32 as PNG and zlib define it (polynomial 0xEDB88320, reflected). */
export function computeCrc32(bytes: Uint8Array): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, index) => {
    let value = index;
    for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    return value >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Adler-32: two running sums modulo 65521, the checksum zlib puts after the data. */
export function computeAdler32(bytes: Uint8Array): number {
  let low = 1;
  let high = 0;
  for (const byte of bytes) {
    low = (low + byte) % 65521;
    high = (high + low) % 65521;
  }
  return ((high << 16) | low) >>> 0;
}

/** Base64 with web-standard btoa, in slices so a long image does not overflow the call stack. */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

function clampByte(value: number): number {
  return Math.max(0, Math.min(255, Math.round(value)));
}

function concatenateBytes(parts: Uint8Array[]): Uint8Array {
  const output = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    output.set(part, offset);
    offset += part.length;
  }
  return output;
}
