/**
 * Reads the key-value metadata at the start of a GGUF file (ggml's docs/gguf.md: magic
 * "GGUF", version, tensor count, metadata count, then each key with its typed value), so
 * the explorer knows a model before and besides llama.cpp: its architecture, its layers,
 * its chat template, its vocabulary. A model file is hostile like anything from outside:
 * every count and length is checked against the bytes there are, and a file that ends
 * before its metadata does says how many more bytes it needs.
 */

export type GgufValue = number | bigint | boolean | string | GgufValue[];

export class GgufTruncated extends Error {
  constructor(readonly neededBytes: number) {
    super(`The GGUF metadata goes on past the ${neededBytes} bytes read so far.`);
    this.name = 'GgufTruncated';
  }
}

export class GgufInvalid extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GgufInvalid';
  }
}

const MAGIC = 0x46554747;
/** More metadata entries than any real model has: a file claiming more is not one. */
const MAX_ENTRIES = 100_000;
const MAX_ARRAY_LENGTH = 10_000_000;

const FIXED_SIZES: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 };

class Reader {
  private offset = 0;
  private readonly view: DataView;
  private readonly decoder = new TextDecoder('utf-8', { fatal: false });

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(count: number): number {
    const at = this.offset;
    if (at + count > this.bytes.byteLength) throw new GgufTruncated(at + count);
    this.offset += count;
    return at;
  }

  u32(): number {
    return this.view.getUint32(this.need(4), true);
  }

  u64(): number {
    const value = this.view.getBigUint64(this.need(8), true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new GgufInvalid('A length in the GGUF metadata is larger than any file.');
    return Number(value);
  }

  string(): string {
    const length = this.u64();
    if (length > this.bytes.byteLength) throw new GgufTruncated(this.offset + length);
    const at = this.need(length);
    return this.decoder.decode(this.bytes.subarray(at, at + length));
  }

  value(type: number, depth = 0): GgufValue {
    switch (type) {
      case 0:
        return this.view.getUint8(this.need(1));
      case 1:
        return this.view.getInt8(this.need(1));
      case 2:
        return this.view.getUint16(this.need(2), true);
      case 3:
        return this.view.getInt16(this.need(2), true);
      case 4:
        return this.u32();
      case 5:
        return this.view.getInt32(this.need(4), true);
      case 6:
        return this.view.getFloat32(this.need(4), true);
      case 7:
        return this.view.getUint8(this.need(1)) !== 0;
      case 8:
        return this.string();
      case 9:
        return this.array(depth);
      case 10:
        return this.view.getBigUint64(this.need(8), true);
      case 11:
        return this.view.getBigInt64(this.need(8), true);
      case 12:
        return this.view.getFloat64(this.need(8), true);
      default:
        throw new GgufInvalid(`Unknown GGUF value type ${type}.`);
    }
  }

  private array(depth: number): GgufValue[] {
    if (depth > 4) throw new GgufInvalid('The GGUF metadata nests arrays deeper than any model does.');
    const type = this.u32();
    const length = this.u64();
    if (length > MAX_ARRAY_LENGTH) throw new GgufInvalid(`A GGUF array claims ${length} items.`);
    // Fixed-size items are checked in one go: a claimed length past the end is a truncation, not a long loop.
    const size = FIXED_SIZES[type];
    if (size !== undefined && this.offset + size * length > this.bytes.byteLength) throw new GgufTruncated(this.offset + size * length);
    const items: GgufValue[] = [];
    for (let index = 0; index < length; index++) items.push(this.value(type, depth + 1));
    return items;
  }
}

export type GgufMetadata = { version: number; tensorCount: number; entries: Map<string, GgufValue> };

/** The metadata from the file's first bytes; GgufTruncated says how many bytes to read instead. */
export function readGgufMetadata(bytes: Uint8Array): GgufMetadata {
  const reader = new Reader(bytes);
  if (reader.u32() !== MAGIC) throw new GgufInvalid('This is not a GGUF file: it does not start with "GGUF".');
  const version = reader.u32();
  if (version < 2 || version > 3) throw new GgufInvalid(`GGUF version ${version} is not one this explorer reads (2 or 3).`);
  const tensorCount = reader.u64();
  const count = reader.u64();
  if (count > MAX_ENTRIES) throw new GgufInvalid(`The GGUF file claims ${count} metadata entries.`);
  const entries = new Map<string, GgufValue>();
  for (let index = 0; index < count; index++) {
    const key = reader.string();
    entries.set(key, reader.value(reader.u32()));
  }
  return { version, tensorCount, entries };
}

export function readString(metadata: GgufMetadata, key: string): string | undefined {
  const value = metadata.entries.get(key);
  return typeof value === 'string' ? value : undefined;
}

export function readNumber(metadata: GgufMetadata, key: string): number | undefined {
  const value = metadata.entries.get(key);
  return typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : undefined;
}

export function readStrings(metadata: GgufMetadata, key: string): string[] | undefined {
  const value = metadata.entries.get(key);
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : undefined;
}

export function readNumbers(metadata: GgufMetadata, key: string): number[] | undefined {
  const value = metadata.entries.get(key);
  return Array.isArray(value) && value.every((item) => typeof item === 'number') ? (value as number[]) : undefined;
}
