/**
 * Reads the arithmetic in a question the way a careful person would: numbers
 * (integers, decimals, negatives, small number words), the operations people write
 * ("plus", "+", "add", "sum of", "times", "divided by", ...), parentheses, and
 * "and" between separate questions. No model: rules, so the mock is deterministic.
 */

export type Operation = 'add' | 'subtract' | 'multiply' | 'divide';

export type Expression =
  | { kind: 'number'; value: number; text: string }
  | { kind: 'operation'; operation: Operation; left: Expression; right: Expression };

export const OPERATION_WORDS: Record<Operation, string> = {
  add: 'plus',
  subtract: 'minus',
  multiply: 'times',
  divide: 'divided by',
};

const NUMBER_WORDS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19, twenty: 20,
};

const NUMBER = String.raw`(?:[-−]\s?)?(?:\d+(?:\.\d+)?|\.\d+)`;

/** Phrasings where the operation comes before its operands, rewritten to infix. */
const PREFIX_PHRASES: { pattern: RegExp; rewrite: (left: string, right: string) => string }[] = [
  { pattern: new RegExp(String.raw`\b(?:the\s+)?(?:sum|total) of (${NUMBER}) and (${NUMBER})`, 'g'), rewrite: (a, b) => `( ${a} plus ${b} )` },
  { pattern: new RegExp(String.raw`\badd (${NUMBER}) (?:and|to|with) (${NUMBER})`, 'g'), rewrite: (a, b) => `( ${a} plus ${b} )` },
  { pattern: new RegExp(String.raw`\b(?:the\s+)?product of (${NUMBER}) and (${NUMBER})`, 'g'), rewrite: (a, b) => `( ${a} times ${b} )` },
  { pattern: new RegExp(String.raw`\bmultiply (${NUMBER}) (?:and|by|with) (${NUMBER})`, 'g'), rewrite: (a, b) => `( ${a} times ${b} )` },
  { pattern: new RegExp(String.raw`\bsubtract (${NUMBER}) from (${NUMBER})`, 'g'), rewrite: (a, b) => `( ${b} minus ${a} )` },
  { pattern: new RegExp(String.raw`\b(?:the\s+)?difference (?:of|between) (${NUMBER}) and (${NUMBER})`, 'g'), rewrite: (a, b) => `( ${a} minus ${b} )` },
  { pattern: new RegExp(String.raw`\bdivide (${NUMBER}) by (${NUMBER})`, 'g'), rewrite: (a, b) => `( ${a} divided by ${b} )` },
  { pattern: new RegExp(String.raw`\b(?:the\s+)?quotient of (${NUMBER}) and (${NUMBER})`, 'g'), rewrite: (a, b) => `( ${a} divided by ${b} )` },
];

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

type Token =
  | { type: 'number'; value: number; text: string }
  | { type: 'operator'; symbol: '+' | '-' | '*' | '/' }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'and' };

function normalize(question: string): string {
  let text = ` ${question.toLowerCase().replace(/[?!,;:]/g, ' ')} `;
  text = text.replace(/−/g, '-');
  text = text.replace(/\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)\b/g, (word) => String(NUMBER_WORDS[word]));
  text = text.replace(/\bnegative\s+(\d|\.)/g, '-$1');
  text = text.replace(/\.(?!\d)/g, ' ');
  for (const { pattern, rewrite } of PREFIX_PHRASES) {
    text = text.replace(pattern, (_match, left: string, right: string) => rewrite(left.replace(/\s/g, ''), right.replace(/\s/g, '')));
  }
  for (const [pattern, replacement] of INFIX_WORDS) text = text.replace(pattern, replacement);
  // "5 x 7" is multiplication; "x" elsewhere is just a letter.
  text = text.replace(/(\d)\s*x\s*(?=[-\d.(])/g, '$1 * ');
  return text;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /(\d+(?:\.\d+)?|\.\d+)|([+\-*/])|(\()|(\))|\b(and)\b/g;
  for (const match of text.matchAll(pattern)) {
    if (match[1] !== undefined) tokens.push({ type: 'number', value: Number(match[1]), text: match[1] });
    else if (match[2] !== undefined) tokens.push({ type: 'operator', symbol: match[2] as '+' | '-' | '*' | '/' });
    else if (match[3] !== undefined) tokens.push({ type: 'open' });
    else if (match[4] !== undefined) tokens.push({ type: 'close' });
    else tokens.push({ type: 'and' });
  }
  return tokens;
}

const PRECEDENCE = { '+': 1, '-': 1, '*': 2, '/': 2 } as const;
const OPERATIONS = { '+': 'add', '-': 'subtract', '*': 'multiply', '/': 'divide' } as const;

/** Precedence climbing over one run of tokens; returns undefined when they do not form an expression. */
function parseExpression(tokens: Token[]): Expression | undefined {
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
      if (!right) return left;
      left = { kind: 'operation', operation: OPERATIONS[token.symbol], left, right };
    }
  }

  const expression = parseBinary(1);
  return expression;
}

/** Every separate calculation the question asks for, in the order asked. */
export function readArithmetic(question: string): Expression[] {
  const tokens = tokenize(normalize(question)).filter((token, index, all) => {
    // A stray "and" inside parentheses or next to an operator carries no meaning.
    if (token.type !== 'and') return true;
    const previous = all[index - 1];
    return previous?.type === 'number' || previous?.type === 'close';
  });
  const groups: Token[][] = [[]];
  let depth = 0;
  for (const token of tokens) {
    if (token.type === 'open') depth++;
    if (token.type === 'close') depth = Math.max(0, depth - 1);
    if (token.type === 'and' && depth === 0) groups.push([]);
    else if (token.type !== 'and') groups.at(-1)?.push(token);
  }
  return groups
    .map(parseExpression)
    .filter((expression): expression is Expression => expression?.kind === 'operation');
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
