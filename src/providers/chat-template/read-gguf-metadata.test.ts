import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeTinyGguf } from '../../../tests/helpers/write-tiny-gguf.ts';
import { GgufInvalid, GgufTruncated, readGgufMetadata, readNumber, readString, readStrings, type GgufMetadata, type GgufValue } from './read-gguf-metadata.ts';
import { createPromptTokenizer } from './tokenize-prompt.ts';

const template = readFileSync(new URL('./__fixtures__/qwen2.5-instruct.jinja', import.meta.url), 'utf8');

describe('the GGUF metadata', () => {
  const file = writeTinyGguf({ chatTemplate: template });

  it('is read from the file the tests write: the architecture, the layers, the template, the vocabulary', () => {
    const metadata = readGgufMetadata(file);
    expect(metadata.version).toBe(3);
    expect(readString(metadata, 'general.architecture')).toBe('llama');
    expect(readNumber(metadata, 'llama.block_count')).toBe(2);
    expect(readString(metadata, 'tokenizer.chat_template')).toBe(template);
    expect(readStrings(metadata, 'tokenizer.ggml.tokens')).toContain('<|im_start|>');
  });

  it('says how many bytes it needs when the file is cut short, and refuses what is not GGUF', () => {
    expect(() => readGgufMetadata(file.subarray(0, 200))).toThrow(GgufTruncated);
    expect(() => readGgufMetadata(new TextEncoder().encode('<!doctype html><html>'))).toThrow(GgufInvalid);
  });

  it('does not believe a hostile count: an array of a billion items in a small file is refused at once', () => {
    const hostile = new Uint8Array(64);
    const view = new DataView(hostile.buffer);
    view.setUint32(0, 0x46554747, true);
    view.setUint32(4, 3, true);
    view.setBigUint64(8, 0n, true);
    view.setBigUint64(16, 1n, true);
    view.setBigUint64(24, 1n, true); // key length
    hostile[32] = 0x61; // "a"
    view.setUint32(33, 9, true); // array
    view.setUint32(37, 4, true); // of u32
    view.setBigUint64(41, 1_000_000_000n, true);
    expect(() => readGgufMetadata(hostile)).toThrow(GgufInvalid);
    view.setBigUint64(41, 1_000_000n, true);
    expect(() => readGgufMetadata(hostile)).toThrow(GgufTruncated);
  });
});

describe('the prompt tokenizer', () => {
  it('splits the tiny model’s prompt as its vocabulary does: special tokens whole, every other byte a token', () => {
    const tokenizer = createPromptTokenizer(readGgufMetadata(writeTinyGguf({ chatTemplate: template })));
    if (!('tokenize' in tokenizer)) throw new Error(tokenizer.unsupported);
    expect(tokenizer.tokenize('<|im_start|>user\nhi<|im_end|>').map((token) => token.text)).toEqual([
      '<|im_start|>',
      'u',
      's',
      'e',
      'r',
      'Ċ',
      'h',
      'i',
      '<|im_end|>',
    ]);
  });

  it('merges pairs by rank, with the space spelt Ġ as byte-level vocabularies spell it', () => {
    const tokens = ['Ġ', 'h', 'e', 'l', 'o', 'he', 'll', 'hell', 'hello', 'Ġhello'];
    const metadata: GgufMetadata = {
      version: 3,
      tensorCount: 0,
      entries: new Map<string, GgufValue>([
        ['tokenizer.ggml.model', 'gpt2'],
        ['tokenizer.ggml.pre', 'qwen2'],
        ['tokenizer.ggml.tokens', tokens],
        ['tokenizer.ggml.token_type', tokens.map(() => 1)],
        ['tokenizer.ggml.merges', ['h e', 'l l', 'he ll', 'hell o', 'Ġ hello']],
      ]),
    };
    const tokenizer = createPromptTokenizer(metadata);
    if (!('tokenize' in tokenizer)) throw new Error(tokenizer.unsupported);
    expect(tokenizer.tokenize('hello hello')).toEqual([
      { id: 8, text: 'hello' },
      { id: 9, text: 'Ġhello' },
    ]);
  });

  it('says so for a vocabulary it does not split', () => {
    const metadata: GgufMetadata = {
      version: 3,
      tensorCount: 0,
      entries: new Map<string, GgufValue>([
        ['tokenizer.ggml.model', 'llama'],
        ['tokenizer.ggml.tokens', ['<unk>']],
      ]),
    };
    expect(createPromptTokenizer(metadata)).toMatchObject({ unsupported: expect.stringContaining('"llama"') });
  });
});
