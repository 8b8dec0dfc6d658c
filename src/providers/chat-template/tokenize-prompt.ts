import { readNumbers, readString, readStrings, type GgufMetadata } from './read-gguf-metadata.ts';

/**
 * The prompt as the model reads it: token ids, from the vocabulary in the GGUF file. This is
 * the byte-level BPE of GPT-2 that Qwen, Llama 3 and SmolLM2 use (`tokenizer.ggml.model` =
 * "gpt2"): special tokens matched as they are written, the rest split by the model's
 * pre-tokenizer pattern, each piece's bytes spelt as GPT-2's printable characters, then
 * merged pair by pair in the order of the file's merges. llama.cpp tokenizes again when it
 * reads the prompt; its count is recorded beside this one, so a difference is seen.
 */

export type PromptToken = { id: number; text: string };
export type PromptTokenizer = { tokenize: (text: string) => PromptToken[]; describe: string };

/** GPT-2's table from bytes to printable characters, which byte-level vocabularies spell their tokens in. */
export function listByteCharacters(): string[] {
  const printable = new Set<number>();
  for (let byte = 0x21; byte <= 0x7e; byte++) printable.add(byte);
  for (let byte = 0xa1; byte <= 0xac; byte++) printable.add(byte);
  for (let byte = 0xae; byte <= 0xff; byte++) printable.add(byte);
  let next = 256;
  const characters: string[] = [];
  for (let byte = 0; byte < 256; byte++) characters.push(String.fromCodePoint(printable.has(byte) ? byte : next++));
  return characters;
}

const CONTRACTIONS = String.raw`(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])`;

/** The pre-tokenizer patterns llama.cpp uses for these names (src/llama-vocab.cpp), by `tokenizer.ggml.pre`. */
const PRE_TOKENIZER_PATTERNS: Record<string, string> = {
  qwen2: String.raw`${CONTRACTIONS}|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  'llama-bpe': String.raw`${CONTRACTIONS}|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  default: String.raw`'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+`,
};

const SPECIAL_TYPES = new Set([3, 4]);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Merges the symbols of one piece by rank, lowest first, as BPE does. */
function mergePiece(symbols: string[], ranks: Map<string, number>): string[] {
  const parts = [...symbols];
  for (;;) {
    let best = -1;
    let bestRank = Infinity;
    for (let index = 0; index < parts.length - 1; index++) {
      const rank = ranks.get(`${parts[index]} ${parts[index + 1]}`);
      if (rank !== undefined && rank < bestRank) {
        bestRank = rank;
        best = index;
      }
    }
    if (best < 0) return parts;
    parts.splice(best, 2, parts[best]! + parts[best + 1]!);
  }
}

/** A tokenizer for the file's vocabulary, or why there is none. */
export function createPromptTokenizer(metadata: GgufMetadata): PromptTokenizer | { unsupported: string } {
  const model = readString(metadata, 'tokenizer.ggml.model');
  const tokens = readStrings(metadata, 'tokenizer.ggml.tokens');
  if (model !== 'gpt2' || !tokens)
    return {
      unsupported: `The explorer splits byte-level BPE vocabularies (tokenizer.ggml.model "gpt2"); this file's is "${model ?? 'missing'}", so only llama.cpp's count of the tokens is shown.`,
    };
  const types = readNumbers(metadata, 'tokenizer.ggml.token_type') ?? [];
  const merges = readStrings(metadata, 'tokenizer.ggml.merges') ?? [];
  const pre = readString(metadata, 'tokenizer.ggml.pre') ?? 'default';
  const pattern = new RegExp(PRE_TOKENIZER_PATTERNS[pre] ?? PRE_TOKENIZER_PATTERNS.default!, 'gu');
  const ids = new Map(tokens.map((token, id) => [token, id]));
  const ranks = new Map(merges.map((merge, rank) => [merge, rank]));
  const specials = tokens.filter((token, id) => SPECIAL_TYPES.has(types[id] ?? 1) && token.length > 0).sort((a, b) => b.length - a.length);
  const specialPattern = specials.length > 0 ? new RegExp(`(${specials.map(escapeRegExp).join('|')})`, 'u') : null;
  const byteCharacters = listByteCharacters();
  const encoder = new TextEncoder();

  const tokenizeText = (text: string): PromptToken[] => {
    const out: PromptToken[] = [];
    for (const [word] of text.matchAll(pattern)) {
      const symbols = [...encoder.encode(word)].map((byte) => byteCharacters[byte]!);
      for (const part of mergePiece(symbols, ranks)) {
        const id = ids.get(part);
        if (id !== undefined) out.push({ id, text: part });
        // A piece with no token falls back to its characters; llama.cpp drops those it has no token for.
        else for (const character of part) if (ids.has(character)) out.push({ id: ids.get(character)!, text: character });
      }
    }
    return out;
  };

  const describe = `byte-level BPE, ${tokens.length} tokens, ${merges.length} merges, pre-tokenizer "${pre}"${PRE_TOKENIZER_PATTERNS[pre] ? '' : ' (not one the explorer knows: GPT-2’s pattern stands in)'}`;
  return {
    describe,
    tokenize: (text) => {
      const pieces = specialPattern ? text.split(specialPattern) : [text];
      return pieces.flatMap((piece, index) => (index % 2 === 1 ? [{ id: ids.get(piece)!, text: piece }] : piece === '' ? [] : tokenizeText(piece)));
    },
  };
}
