/**
 * Reads the arithmetic in a question the way a careful person would: numbers
 * (integers, decimals, negatives, small number words), the operations people write
 * ("plus", "+", "add", "sum of", "times", "divided by", ...), parentheses, and
 * "and" between separate questions. No model: rules, so the mock is deterministic.
 */

export type Operation = 'add' | 'subtract' | 'multiply' | 'divide';

export type Expression = { kind: 'number'; value: number; text: string } | { kind: 'operation'; operation: Operation; left: Expression; right: Expression };

export const OPERATION_WORDS: Record<Operation, string> = {
  add: 'plus',
  subtract: 'minus',
  multiply: 'times',
  divide: 'divided by',
};

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const TENS_WORDS = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
const UNIT_WORDS = 'one|two|three|four|five|six|seven|eight|nine';
const NUMBER_WORD_PATTERN = new RegExp(String.raw`\b(?:(${TENS_WORDS})[-\s](${UNIT_WORDS})|(${Object.keys(NUMBER_WORDS).join('|')}))\b`, 'g');
/** Scale words are beyond the mock; "one hundred" must not be read as "one". */
const SCALE_PATTERN = /\b(?:\d+(?:\.\d+)?\s+)?(?:hundred|thousand|million|billion|trillion)s?\b(?:\s+and\s+\d+)?/g;
/** Marks a word the reader cannot read; a calculation that touches it is not answered. */
const UNREADABLE = ' # ';
/** Marks the end of a sentence or clause; a calculation never spans one. */
const BOUNDARY = ' ; ';

const NUMBER = String.raw`(?:[-−]\s?)?(?:\d+(?:\.\d+)?|\.\d+)`;

const LIST = String.raw`${NUMBER}(?:(?:\s*,\s*|\s*,?\s+and\s+)${NUMBER})+`;

/** Phrasings where the operation comes before its operands, rewritten to infix. */
const PREFIX_PHRASES: { pattern: RegExp; rewrite: (operands: string[]) => string }[] = [
  { pattern: new RegExp(String.raw`\b(?:the\s+)?(?:sum|total) of (${LIST})`, 'g'), rewrite: (operands) => `( ${operands.join(' plus ')} )` },
  { pattern: new RegExp(String.raw`\badd (${NUMBER}) (?:and|to|with) (${NUMBER})`, 'g'), rewrite: ([a, b]) => `( ${a} plus ${b} )` },
  { pattern: new RegExp(String.raw`\b(?:the\s+)?product of (${LIST})`, 'g'), rewrite: (operands) => `( ${operands.join(' times ')} )` },
  { pattern: new RegExp(String.raw`\bmultiply (${NUMBER}) (?:and|by|with) (${NUMBER})`, 'g'), rewrite: ([a, b]) => `( ${a} times ${b} )` },
  { pattern: new RegExp(String.raw`\bsubtract (${NUMBER}) from (${NUMBER})`, 'g'), rewrite: ([a, b]) => `( ${b} minus ${a} )` },
  { pattern: new RegExp(String.raw`\b(?:the\s+)?difference (?:of|between) (${NUMBER}) and (${NUMBER})`, 'g'), rewrite: ([a, b]) => `( ${a} minus ${b} )` },
  { pattern: new RegExp(String.raw`\bdivide (${NUMBER}) by (${NUMBER})`, 'g'), rewrite: ([a, b]) => `( ${a} divided by ${b} )` },
  { pattern: new RegExp(String.raw`\b(?:the\s+)?quotient of (${NUMBER}) and (${NUMBER})`, 'g'), rewrite: ([a, b]) => `( ${a} divided by ${b} )` },
];
const NUMBER_IN_LIST = new RegExp(NUMBER, 'g');

const INFIX_WORDS: [RegExp, string][] = [
  [/\badded to\b/g, ' + '],
  [/\bplus\b/g, ' + '],
  [/\bminus\b/g, ' - '],
  [/\bmultiplied by\b/g, ' * '],
  [/\btimes\b/g, ' * '],
  [/\bdivided by\b/g, ' / '],
  [/\bover\b/g, ' / '],
  [/[×✕]/g, ' * '],
  [/÷/g, ' / '],
];

/** German, French, Spanish and Italian operators between two numbers ("plus" and "minus" are English too); "und" and "per" are left out, since "and" and "per" join other things. */
const OTHER_LANGUAGE_OPERATORS: [RegExp, string][] = [
  [/(\d)\s+(?:mal|fois|por|volte)\s+(?=[-\d.(])/g, '*'],
  [/(\d)\s+(?:geteilt durch|durch|divisé par|divise par|dividido (?:por|entre)|diviso)\s+(?=[-\d.(])/g, '/'],
  [/(\d)\s+(?:moins|menos|meno)\s+(?=[-\d.(])/g, '-'],
  [/(\d)\s+(?:más|più)\s+(?=[-\d.(])/g, '+'],
];

type Token =
  | { type: 'number'; value: number; text: string }
  | { type: 'operator'; symbol: '+' | '-' | '*' | '/' }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'and' }
  | { type: 'boundary' }
  | { type: 'unreadable' };

/** Numbers as digits: "five" is 5, "1,000" a thousand, "negative 2" is -2; "one hundred" is beyond the reader. */
function normalizeNumbers(question: string): string {
  let text = ` ${question.toLowerCase()} `;
  text = text.replace(/−/g, '-');
  // Commas inside numbers, before commas become clause boundaries: "1,000" is a thousand, "1,5" one and a half.
  text = text.replace(/(\d),(?=\d{3}(?:,\d{3})*(?!\d))/g, '$1');
  text = text.replace(/(\d),(\d)/g, '$1.$2');
  text = text.replace(NUMBER_WORD_PATTERN, (_word, tens?: string, unit?: string, single?: string) =>
    String(tens ? NUMBER_WORDS[tens]! + NUMBER_WORDS[unit!]! : NUMBER_WORDS[single!]),
  );
  text = text.replace(SCALE_PATTERN, UNREADABLE);
  return text.replace(/\bnegative\s+(\d|\.)/g, '-$1');
}

function normalize(question: string): string {
  let text = normalizeNumbers(question);
  for (const { pattern, rewrite } of PREFIX_PHRASES) {
    text = text.replace(pattern, (_match, first: string, second: unknown) => {
      // A list phrase captures one run of numbers; a pair phrase captures two numbers.
      const operands = typeof second === 'string' ? [first, second] : [...first.matchAll(NUMBER_IN_LIST)].map((match) => match[0]);
      return rewrite(operands.map((operand) => operand.replace(/\s/g, '')));
    });
  }
  text = text.replace(/[?!,;:]|\.(?!\d)/g, BOUNDARY);
  for (const [pattern, replacement] of INFIX_WORDS) text = text.replace(pattern, replacement);
  // "5 x 7" is multiplication; "x" elsewhere is just a letter.
  text = text.replace(/(\d)\s*x\s*(?=[-\d.(])/g, '$1 * ');
  // A few other languages' words, read only between two numbers ("Was ist 12 mal 3?", "12 fois 3"), where they cannot mean anything else.
  for (const [pattern, symbol] of OTHER_LANGUAGE_OPERATORS) text = text.replace(pattern, `$1 ${symbol} `);
  // "1e3", "2nd", "v1.5.2": digits the reader cannot take at face value.
  text = text.replace(/\b(?=\w*\d)(?=\w*[a-z_])\w+(?:\.\w+)*|\d*\.?\d+(?:\.\d+){2,}/g, UNREADABLE);
  return text;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /(\d+(?:\.\d+)?|\.\d+)|([+\-*/])|(\()|(\))|\b(and)\b|(;)|(#)/g;
  for (const match of text.matchAll(pattern)) {
    if (match[1] !== undefined) tokens.push({ type: 'number', value: Number(match[1]), text: match[1] });
    else if (match[2] !== undefined) tokens.push({ type: 'operator', symbol: match[2] as '+' | '-' | '*' | '/' });
    else if (match[3] !== undefined) tokens.push({ type: 'open' });
    else if (match[4] !== undefined) tokens.push({ type: 'close' });
    else if (match[5] !== undefined) tokens.push({ type: 'and' });
    else if (match[6] !== undefined) tokens.push({ type: 'boundary' });
    else tokens.push({ type: 'unreadable' });
  }
  return tokens;
}

const PRECEDENCE = { '+': 1, '-': 1, '*': 2, '/': 2 } as const;
const OPERATIONS = { '+': 'add', '-': 'subtract', '*': 'multiply', '/': 'divide' } as const;

/**
 * Precedence climbing over one clause. A clause may hold stray numbers around the
 * calculation ("In 2024 what is 5 plus 7"), so parsing goes on after each expression;
 * but an operator missing its operand makes the clause unreadable, because answering
 * part of a calculation would answer a question nobody asked.
 */
function parseClause(tokens: Token[]): Expression[] {
  let position = 0;
  const peek = () => tokens[position];

  function parsePrimary(): Expression | undefined {
    const token = peek();
    if (!token) return undefined;
    if (token.type === 'open') {
      position++;
      const inner = parseBinary(1);
      if (peek()?.type === 'close') position++;
      return inner;
    }
    if (token.type === 'operator' && token.symbol === '-') {
      const next = tokens[position + 1];
      if (next?.type === 'number') {
        position += 2;
        return { kind: 'number', value: -next.value, text: `-${next.text}` };
      }
      return undefined;
    }
    if (token.type === 'number') {
      position++;
      return { kind: 'number', value: token.value, text: token.text };
    }
    return undefined;
  }

  function parseBinary(minimum: number): Expression | undefined {
    let left = parsePrimary();
    if (!left) return undefined;
    for (;;) {
      const token = peek();
      if (token?.type !== 'operator' || PRECEDENCE[token.symbol] < minimum) return left;
      position++;
      const right = parseBinary(PRECEDENCE[token.symbol] + 1);
      if (!right) return undefined;
      left = { kind: 'operation', operation: OPERATIONS[token.symbol], left, right };
    }
  }

  const expressions: Expression[] = [];
  while (position < tokens.length) {
    const token = peek();
    // A stray ")" or a word it cannot read between calculations is skipped; next to an operator it is not.
    if (token?.type === 'close' || (token?.type === 'unreadable' && tokens[position + 1]?.type !== 'operator')) {
      position++;
      continue;
    }
    const expression = parseBinary(1);
    if (!expression) return [];
    expressions.push(expression);
  }
  return expressions;
}

/** Every separate calculation the question asks for, in the order asked. */
export function readArithmetic(question: string): Expression[] {
  const tokens = tokenize(normalize(question)).filter((token, index, all) => {
    // A stray "and" inside parentheses or next to an operator carries no meaning.
    if (token.type !== 'and') return true;
    const previous = all[index - 1];
    return previous?.type === 'number' || previous?.type === 'close';
  });
  const clauses: Token[][] = [[]];
  let depth = 0;
  for (const token of tokens) {
    if (token.type === 'open') depth++;
    if (token.type === 'close') depth = Math.max(0, depth - 1);
    if (token.type === 'boundary' || (token.type === 'and' && depth === 0)) {
      clauses.push([]);
      depth = 0;
    } else if (token.type !== 'and') {
      clauses.at(-1)?.push(token);
    }
  }
  return clauses.flatMap(parseClause).filter((expression) => expression.kind === 'operation');
}

export function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));
}

/** "5 plus 7", "(5 plus 7) times 3": how the final answer names the calculation. */
export function describeExpression(expression: Expression, nested = false): string {
  if (expression.kind === 'number') return expression.text;
  const text = `${describeExpression(expression.left, true)} ${OPERATION_WORDS[expression.operation]} ${describeExpression(expression.right, true)}`;
  return nested ? `(${text})` : text;
}

/**
 * Every number a text holds, in the order written, in digits or in words ("five",
 * "twenty-one", "negative 2"); "5km" gives 5, "v1.5" nothing. For filling a tool's
 * arguments, where the question is not a calculation.
 */
export function readNumbers(text: string): number[] {
  return [...normalizeNumbers(text).matchAll(/(?<![\w.])-?(?:\d+(?:\.\d+)?|\.\d+)/g)].map((match) => Number(match[0]));
}

const WORDS_FOR_NUMBERS = new Map(Object.entries(NUMBER_WORDS).map(([word, value]) => [value, word]));

/** 5 as "five", 42 as "forty-two": whole numbers from 0 to 99, the ones the reader itself reads back. */
export function writeNumberInWords(value: number): string | undefined {
  if (!Number.isInteger(value) || value < 0 || value > 99) return undefined;
  const exact = WORDS_FOR_NUMBERS.get(value);
  if (exact) return exact;
  return `${WORDS_FOR_NUMBERS.get(value - (value % 10))}-${WORDS_FOR_NUMBERS.get(value % 10)}`;
}
