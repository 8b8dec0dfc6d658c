import type { MockTool } from './mock-reply.ts';

/**
 * Which offered tool a question is about, for any MCP server: the words of the question
 * against the words of each tool's name and description. A rule, not a model, so it asks
 * for a real overlap and otherwise lets the mock answer in words.
 */

/** "add_numbers", "addNumbers", "math.add", "convert-units" and "Adds two numbers" all split into words. */
export function splitWords(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}

/** "converts", "converting" and "convert" are one word to the matcher; so are "miles" and "mile". */
export function stemWord(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length > 5 && lower.endsWith('ing')) return lower.slice(0, -3);
  if (lower.length > 4 && lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.length > 4 && /(?:ss|x|ch|sh|o)es$/.test(lower)) return lower.slice(0, -2);
  if (lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss')) return lower.slice(0, -1);
  return lower;
}

/**
 * Words too common to say which tool is meant: question words, articles, prepositions,
 * and words every tool description uses ("number", "value", "tool").
 */
const STOP_WORDS = new Set(
  [
    'a',
    'an',
    'the',
    'is',
    'are',
    'was',
    'be',
    'what',
    'whats',
    'which',
    'who',
    'how',
    'why',
    'when',
    'where',
    'of',
    'to',
    'in',
    'on',
    'at',
    'for',
    'with',
    'by',
    'from',
    'as',
    'into',
    'and',
    'or',
    'but',
    'if',
    'then',
    'it',
    'its',
    'this',
    'that',
    'these',
    'those',
    'me',
    'my',
    'i',
    'you',
    'your',
    'we',
    'our',
    'us',
    'can',
    'could',
    'would',
    'will',
    'do',
    'does',
    'did',
    'please',
    'tell',
    'give',
    'get',
    'make',
    'run',
    'some',
    'any',
    'all',
    'much',
    'many',
    'two',
    'one',
    'number',
    'value',
    'result',
    'tool',
    'return',
    'use',
    'using',
  ].map(stemWord),
);

/** The words of a text that can tell tools apart, stemmed. */
export function readKeywords(text: string | undefined): string[] {
  return splitWords(text ?? '')
    .filter((word) => word.length > 1)
    .map(stemWord)
    .filter((word) => !STOP_WORDS.has(word));
}

export type ToolMatch = { tool: MockTool; nameWords: string[]; descriptionWords: string[] };

function scoreMatch(match: ToolMatch): number {
  return 2 * match.nameWords.length + match.descriptionWords.length;
}

/**
 * The tool the question fits best, or none: two points for each word of the tool's name
 * the question uses, one for each further word of its description. A real match needs a
 * word of the name, or two of the description; ties go to the tool offered first.
 */
export function matchToolToQuestion({ question, tools }: { question: string; tools: MockTool[] }): ToolMatch | undefined {
  const questionWords = new Set(readKeywords(question));
  let best: ToolMatch | undefined;
  for (const tool of tools) {
    const nameWords = [...new Set(readKeywords(tool.name))].filter((word) => questionWords.has(word));
    const descriptionWords = [...new Set(readKeywords(tool.description))].filter((word) => questionWords.has(word) && !nameWords.includes(word));
    const match = { tool, nameWords, descriptionWords };
    if (nameWords.length === 0 && descriptionWords.length < 2) continue;
    if (!best || scoreMatch(match) > scoreMatch(best)) best = match;
  }
  return best;
}
