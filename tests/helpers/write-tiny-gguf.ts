/**
 * A tiny GGUF model made by the tests, since no model weights can be downloaded here: a
 * llama-architecture model with random weights (two layers, 64 wide) and a byte-level BPE
 * vocabulary (the printable ASCII bytes, tab and newline, spelt as GPT-2's byte-to-character
 * table spells them, and the special tokens of ChatML and Qwen's tool calls), in the format
 * llama.cpp documents (ggml's docs/gguf.md:
 * magic, version 3, the key-value metadata, the tensor infos, then the data aligned to 32).
 *
 * Its chat template is Qwen2.5's (tests/fixtures/chat-templates/), so the tool-call syntax is
 * Qwen's `<tool_call>…</tool_call>`; every ASCII character is a token, so under a grammar the
 * sampler can write any call. Bytes above 0x7f are left out on purpose: a random model picking
 * them freely writes invalid UTF-8, which llama.cpp's server code refuses with an exception
 * (a lead byte then anything); llama.cpp drops input bytes it has no token for. With random weights its free text is gibberish: it is built to show the
 * lifecycle, not to answer. The row of `<|im_end|>` in the output matrix is scaled up, so that
 * a free answer ends after a few tokens rather than at the token limit.
 */

import { listByteCharacters } from '../../src/providers/chat-template/tokenize-prompt.ts';

const GGUF_MAGIC = 0x46554747;
const ALIGNMENT = 32;

enum ValueType {
  Uint32 = 4,
  Int32 = 5,
  Float32 = 6,
  Bool = 7,
  String = 8,
  Array = 9,
}

type MetadataValue =
  | { type: 'u32'; value: number }
  | { type: 'f32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'strings'; value: string[] }
  | { type: 'i32s'; value: number[] }
  | { type: 'f32s'; value: number[] };

type Tensor = { name: string; dims: number[]; data: Float32Array };

/** The bytes the tiny model has tokens for: tab, newline and printable ASCII. */
function listVocabularyBytes(): number[] {
  return [0x09, 0x0a, ...Array.from({ length: 0x7f - 0x20 }, (_, index) => 0x20 + index)];
}

/** The special tokens after the bytes, with llama.cpp's token types (3 control, 4 user-defined). */
const SPECIAL_TOKENS: { text: string; type: number }[] = [
  { text: '<|endoftext|>', type: 3 },
  { text: '<|im_start|>', type: 3 },
  { text: '<|im_end|>', type: 3 },
  { text: '<tool_call>', type: 4 },
  { text: '</tool_call>', type: 4 },
];

export type TinyModelShape = { embedding: number; layers: number; heads: number; feedForward: number; context: number };

export const TINY_MODEL_SHAPE: TinyModelShape = { embedding: 64, layers: 2, heads: 4, feedForward: 128, context: 4096 };

/** A small deterministic generator (mulberry32), so that the same seed writes the same file. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

function randomMatrix(random: () => number, rows: number, columns: number, scale: number): Float32Array {
  const values = new Float32Array(rows * columns);
  for (let index = 0; index < values.length; index++) values[index] = (random() * 2 - 1) * scale;
  return values;
}

function ones(length: number): Float32Array {
  return new Float32Array(length).fill(1);
}

function listTensors(shape: TinyModelShape, vocabulary: number, endOfTurn: number, seed: number): Tensor[] {
  const random = createRandom(seed);
  const { embedding, feedForward } = shape;
  const output = randomMatrix(random, vocabulary, embedding, 0.5);
  // ggml's row for token t is the t-th run of `embedding` values: a larger row makes the end of turn likelier.
  for (let column = 0; column < embedding; column++) output[endOfTurn * embedding + column]! *= 6;
  const tensors: Tensor[] = [
    { name: 'token_embd.weight', dims: [embedding, vocabulary], data: randomMatrix(random, vocabulary, embedding, 1) },
    { name: 'output_norm.weight', dims: [embedding], data: ones(embedding) },
    { name: 'output.weight', dims: [embedding, vocabulary], data: output },
  ];
  for (let layer = 0; layer < shape.layers; layer++) {
    const block = (name: string, dims: number[], data: Float32Array) => tensors.push({ name: `blk.${layer}.${name}.weight`, dims, data });
    block('attn_norm', [embedding], ones(embedding));
    for (const name of ['attn_q', 'attn_k', 'attn_v', 'attn_output']) block(name, [embedding, embedding], randomMatrix(random, embedding, embedding, 0.1));
    block('ffn_norm', [embedding], ones(embedding));
    block('ffn_gate', [embedding, feedForward], randomMatrix(random, feedForward, embedding, 0.1));
    block('ffn_up', [embedding, feedForward], randomMatrix(random, feedForward, embedding, 0.1));
    block('ffn_down', [feedForward, embedding], randomMatrix(random, embedding, feedForward, 0.1));
  }
  return tensors;
}

/** Writes little-endian GGUF fields into a growing buffer. */
class GgufBuilder {
  private chunks: Uint8Array[] = [];
  private length = 0;
  private readonly encoder = new TextEncoder();

  get size(): number {
    return this.length;
  }

  bytes(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }

  private view(size: number, write: (view: DataView) => void): void {
    const bytes = new Uint8Array(size);
    write(new DataView(bytes.buffer));
    this.bytes(bytes);
  }

  u32(value: number): void {
    this.view(4, (view) => view.setUint32(0, value, true));
  }

  i32(value: number): void {
    this.view(4, (view) => view.setInt32(0, value, true));
  }

  u64(value: number): void {
    this.view(8, (view) => view.setBigUint64(0, BigInt(value), true));
  }

  f32(value: number): void {
    this.view(4, (view) => view.setFloat32(0, value, true));
  }

  string(text: string): void {
    const encoded = this.encoder.encode(text);
    this.u64(encoded.length);
    this.bytes(encoded);
  }

  padTo(alignment: number): void {
    const padding = (alignment - (this.length % alignment)) % alignment;
    if (padding > 0) this.bytes(new Uint8Array(padding));
  }

  value(entry: MetadataValue): void {
    switch (entry.type) {
      case 'u32':
        this.u32(ValueType.Uint32);
        this.u32(entry.value);
        return;
      case 'f32':
        this.u32(ValueType.Float32);
        this.f32(entry.value);
        return;
      case 'bool':
        this.u32(ValueType.Bool);
        this.bytes(Uint8Array.of(entry.value ? 1 : 0));
        return;
      case 'string':
        this.u32(ValueType.String);
        this.string(entry.value);
        return;
      case 'strings':
        this.array(ValueType.String, entry.value, (text) => this.string(text));
        return;
      case 'i32s':
        this.array(ValueType.Int32, entry.value, (value) => this.i32(value));
        return;
      case 'f32s':
        this.array(ValueType.Float32, entry.value, (value) => this.f32(value));
        return;
      default: {
        const unknown: never = entry;
        throw new Error(`Unknown metadata type ${JSON.stringify(unknown)}`);
      }
    }
  }

  private array<T>(type: ValueType, values: T[], write: (value: T) => void): void {
    this.u32(ValueType.Array);
    this.u32(type);
    this.u64(values.length);
    for (const value of values) write(value);
  }

  finish(): Uint8Array {
    const whole = new Uint8Array(this.length);
    let offset = 0;
    for (const chunk of this.chunks) {
      whole.set(chunk, offset);
      offset += chunk.length;
    }
    return whole;
  }
}

export type TinyGgufOptions = {
  /** The Jinja chat template kept in the metadata (tokenizer.chat_template); none when omitted. */
  chatTemplate?: string;
  seed?: number;
  shape?: TinyModelShape;
  name?: string;
};

/** The whole file, in memory: about 300 kB. */
export function writeTinyGguf(options: TinyGgufOptions = {}): Uint8Array {
  const shape = options.shape ?? TINY_MODEL_SHAPE;
  const byteCharacters = listByteCharacters();
  const bytes = listVocabularyBytes();
  const tokens = [...bytes.map((byte) => byteCharacters[byte]!), ...SPECIAL_TOKENS.map((token) => token.text)];
  const tokenTypes = [...bytes.map(() => 1), ...SPECIAL_TOKENS.map((token) => token.type)];
  const tokenId = (text: string) => tokens.indexOf(text);
  const endOfTurn = tokenId('<|im_end|>');
  const metadata: [string, MetadataValue][] = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: options.name ?? 'tiny-random-llama (test model, random weights)' }],
    ['general.alignment', { type: 'u32', value: ALIGNMENT }],
    ['llama.context_length', { type: 'u32', value: shape.context }],
    ['llama.embedding_length', { type: 'u32', value: shape.embedding }],
    ['llama.block_count', { type: 'u32', value: shape.layers }],
    ['llama.feed_forward_length', { type: 'u32', value: shape.feedForward }],
    ['llama.attention.head_count', { type: 'u32', value: shape.heads }],
    ['llama.attention.head_count_kv', { type: 'u32', value: shape.heads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'f32', value: 1e-5 }],
    ['llama.rope.dimension_count', { type: 'u32', value: shape.embedding / shape.heads }],
    ['llama.vocab_size', { type: 'u32', value: tokens.length }],
    ['tokenizer.ggml.model', { type: 'string', value: 'gpt2' }],
    ['tokenizer.ggml.pre', { type: 'string', value: 'qwen2' }],
    ['tokenizer.ggml.tokens', { type: 'strings', value: tokens }],
    ['tokenizer.ggml.token_type', { type: 'i32s', value: tokenTypes }],
    // Every byte is a token already: the merges, which llama.cpp requires, are none.
    ['tokenizer.ggml.merges', { type: 'strings', value: [] }],
    ['tokenizer.ggml.bos_token_id', { type: 'u32', value: tokenId('<|endoftext|>') }],
    ['tokenizer.ggml.eos_token_id', { type: 'u32', value: endOfTurn }],
    ['tokenizer.ggml.padding_token_id', { type: 'u32', value: tokenId('<|endoftext|>') }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: false }],
    ...(options.chatTemplate === undefined ? [] : [['tokenizer.chat_template', { type: 'string', value: options.chatTemplate }] as [string, MetadataValue]]),
  ];
  const tensors = listTensors(shape, tokens.length, endOfTurn, options.seed ?? 43);

  const file = new GgufBuilder();
  file.u32(GGUF_MAGIC);
  file.u32(3);
  file.u64(tensors.length);
  file.u64(metadata.length);
  for (const [key, value] of metadata) {
    file.string(key);
    file.value(value);
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const tensor of tensors) {
    file.string(tensor.name);
    file.u32(tensor.dims.length);
    for (const dimension of tensor.dims) file.u64(dimension);
    file.u32(0); // GGML_TYPE_F32
    offsets.push(offset);
    file.u64(offset);
    offset += Math.ceil(tensor.data.byteLength / ALIGNMENT) * ALIGNMENT;
  }
  file.padTo(ALIGNMENT);
  for (const tensor of tensors) {
    file.bytes(new Uint8Array(tensor.data.buffer, tensor.data.byteOffset, tensor.data.byteLength));
    file.padTo(ALIGNMENT);
  }
  return file.finish();
}
