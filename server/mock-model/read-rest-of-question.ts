import { readKeywords, stemWord } from './match-tool-to-question.ts';

/**
 * The words of a question that a string argument takes when nothing is quoted: what
 * follows the tool's name, or what comes before it when the name ends the request.
 */

const FILLER_WORDS = new Set(
  [
    'a',
    'an',
    'the',
    'of',
    'for',
    'about',
    'in',
    'on',
    'to',
    'me',
    'please',
    'that',
    'this',
    'saying',
    'say',
    'says',
    'with',
    'back',
    'out',
    'up',
    'is',
    'called',
    'named',
  ].map(stemWord),
);

/** Words that name the tool as an instrument at the end of a request: "… using the echo tool". */
const INSTRUMENT_WORDS = new Set(['using', 'use', 'with', 'via', 'through', 'by', 'the', 'tool', 'tools', 'function'].map(stemWord));

type Token = { text: string; stem: string; isPunctuation: boolean };

/** "message: hello world" is "hello world" when "message" names a property of the tool. */
function removeLabel(text: string, labels: Set<string>): string {
  const labelled = /^([\p{L}_][\p{L}\p{N}_-]*)\s*[:=]\s*(\S[\s\S]*)$/u.exec(text);
  return labelled && labels.has(stemWord(labelled[1]!)) ? labelled[2]! : text;
}

/**
 * The text after the first word of the tool's name the question uses, without fillers:
 * "Echo hello" gives "hello". When nothing but the tool's own name follows ("Say hello world
 * using the echo tool"), the text is what comes before it, without the words that name the
 * instrument. A label naming one of the tool's properties is not part of the value.
 */
export function readRest(question: string, toolName: string, labels: Set<string>): string {
  const nameWords = new Set(readKeywords(toolName));
  const tokens: Token[] = [...question.matchAll(/\S+/g)].map((match) => ({
    text: match[0],
    stem: stemWord(match[0].replace(/[^A-Za-z]/g, '')),
    isPunctuation: !/[\p{L}\p{N}]/u.test(match[0]),
  }));
  const isFiller = (token: Token) => token.isPunctuation || (token.stem !== '' && (FILLER_WORDS.has(token.stem) || nameWords.has(token.stem)));
  const join = (words: Token[]) =>
    words
      .map((token) => token.text)
      .join(' ')
      .replace(/[\s?.!,;:]+$/, '');
  const verb = tokens.findIndex((token) => nameWords.has(token.stem));
  let rest = verb >= 0 ? tokens.slice(verb + 1) : tokens;
  while (rest.length > 0 && isFiller(rest[0]!)) rest = rest.slice(1);
  if (verb > 0 && rest.every((token) => isFiller(token) || INSTRUMENT_WORDS.has(token.stem))) {
    let before = tokens.slice(0, verb);
    while (before.length > 0 && INSTRUMENT_WORDS.has(before.at(-1)!.stem)) before = before.slice(0, -1);
    while (before.length > 0 && isFiller(before[0]!)) before = before.slice(1);
    rest = before;
  }
  const text = removeLabel(join(rest), labels);
  return text || question.trim().replace(/[\s?.!]+$/, '');
}
