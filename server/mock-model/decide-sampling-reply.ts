import type { MockReply, MockTool } from './mock-reply.ts';

/**
 * The mock as a server's sampling request meets it: no tools offered, and a request to
 * put something into one sentence (the toolbox's phrase_sum asks so). It writes the
 * sentence from the equation it is given; anything else goes on to the usual rules.
 */

const PHRASING_REQUEST = /\bone\b[^.]*\bsentence\b/i;
const EQUATION = /(-?\d+(?:\.\d+)?)\s*([+\-×*x÷/])\s*(-?\d+(?:\.\d+)?)\s*=\s*(-?\d+(?:\.\d+)?)/;
const OPERATION_WORDS: Record<string, string> = { '+': 'plus', '-': 'minus', '×': 'times', '*': 'times', x: 'times', '÷': 'divided by', '/': 'divided by' };

/** Whether a request reads as a server's sampling request (phrase_sum's): no tools offered, and one sentence asked for. */
export function isSamplingStyleRequest({ question, tools }: { question: string; tools: MockTool[] }): boolean {
  return tools.length === 0 && PHRASING_REQUEST.test(question);
}

export function decideSamplingReply({ question, tools }: { question: string; tools: MockTool[] }): MockReply | undefined {
  if (!isSamplingStyleRequest({ question, tools })) return undefined;
  const equation = EQUATION.exec(question);
  if (!equation) {
    return {
      type: 'text',
      text: 'There is nothing here I can put into a sentence: I was given no result to phrase.',
      reasoning: 'Asked for one sentence with no tools offered, but no equation to phrase was given.',
    };
  }
  const [, left, operator, right, result] = equation;
  return {
    type: 'text',
    text: `${left} ${OPERATION_WORDS[operator!] ?? operator} ${right} is ${result}.`,
    reasoning: `A sampling-style request (no tools, "one sentence"): phrasing the equation ${left} ${operator} ${right} = ${result} as words.`,
  };
}
