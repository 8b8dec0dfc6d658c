import { describe, expect, it } from 'vitest';
import { describeExpression, formatNumber, readArithmetic, readNumbers, writeNumberInWords, type Expression } from './read-arithmetic.ts';

/** The calculations the reader found, in words, so a test reads like the question. */
function readAsWords(question: string): string[] {
  return readArithmetic(question).map((expression) => describeExpression(expression));
}

function evaluate(expression: Expression): number {
  if (expression.kind === 'number') return expression.value;
  const left = evaluate(expression.left);
  const right = evaluate(expression.right);
  switch (expression.operation) {
    case 'add':
      return left + right;
    case 'subtract':
      return left - right;
    case 'multiply':
      return left * right;
    case 'divide':
      return left / right;
  }
}

describe('readArithmetic', () => {
  describe('the many ways to ask for 5 plus 7', () => {
    it.each([
      'What is 5 plus 7?',
      '5+7',
      "what's 5 + 7",
      'add 5 and 7',
      'Add 5 and 7.',
      'add 5 to 7',
      'add 5 with 7',
      'sum of 5 and 7',
      'What is the sum of 5 and 7?',
      'the total of 5 and 7',
      'five plus seven',
      'What is 5 plus seven?',
      'How much is 5 added to 7?',
      'WHAT IS 5 PLUS 7?',
      'Is 5 plus 7 equal to 12?',
    ])('reads %j as 5 plus 7', (question) => {
      const expressions = readArithmetic(question);
      expect(expressions).toHaveLength(1);
      expect(expressions[0]).toMatchObject({
        kind: 'operation',
        operation: 'add',
        left: { kind: 'number', value: 5 },
        right: { kind: 'number', value: 7 },
      });
    });
  });

  describe('negative and decimal numbers', () => {
    it('reads a negative operand inside "the sum of"', () => {
      const [expression] = readArithmetic('the sum of 2.5 and -1');
      expect(expression).toMatchObject({ operation: 'add', left: { value: 2.5 }, right: { value: -1 } });
      expect(evaluate(expression!)).toBe(1.5);
    });

    it('reads the word "negative" as a minus sign', () => {
      expect(readAsWords('negative 3 plus 4')).toEqual(['-3 plus 4']);
      expect(readAsWords('what is 5 plus negative 7')).toEqual(['5 plus -7']);
    });

    it('reads a minus sign before a number as part of the number, not as subtraction', () => {
      const [expression] = readArithmetic('-3 + -4');
      expect(expression).toMatchObject({ operation: 'add', left: { value: -3 }, right: { value: -4 } });
      expect(readAsWords('5+-7')).toEqual(['5 plus -7']);
      expect(readAsWords('what is 5 minus -2?')).toEqual(['5 minus -2']);
    });

    it('reads the Unicode minus sign', () => {
      expect(readAsWords('What is 5 − 7')).toEqual(['5 minus 7']);
      expect(readAsWords('What is −5 plus 7')).toEqual(['-5 plus 7']);
    });

    it('reads decimals with and without a leading zero, and keeps how they were written', () => {
      const [expression] = readArithmetic('0.5 plus .25');
      expect(expression).toMatchObject({ left: { value: 0.5, text: '0.5' }, right: { value: 0.25, text: '.25' } });
      expect(evaluate(expression!)).toBe(0.75);
    });

    it('does not mistake a full stop at the end of a sentence for a decimal point', () => {
      expect(readAsWords('What is 5 + 7.')).toEqual(['5 plus 7']);
    });

    it('reads a comma between thousands as a separator', () => {
      expect(readAsWords('what is 1,000 plus 1?')).toEqual(['1000 plus 1']);
      expect(readAsWords('1,234,567 plus 1')).toEqual(['1234567 plus 1']);
    });

    it('reads a comma between digits that is not a thousands separator as a decimal comma, and says so in the answer', () => {
      // "1,5" is how much of Europe writes one and a half; the answer names the number as read.
      expect(readAsWords('1,5 plus 2')).toEqual(['1.5 plus 2']);
    });

    it('finds no calculation in a lone number', () => {
      expect(readArithmetic('1,5')).toEqual([]);
      expect(readArithmetic('What is 5?')).toEqual([]);
    });
  });

  describe('number words', () => {
    it('reads the words up to twenty', () => {
      expect(readAsWords('What is twelve plus twenty?')).toEqual(['12 plus 20']);
      expect(readAsWords('zero plus nineteen')).toEqual(['0 plus 19']);
    });

    it('reads tens with their units, with a hyphen or a space', () => {
      expect(readAsWords('twenty-one plus one')).toEqual(['21 plus 1']);
      expect(readAsWords('ninety nine plus forty')).toEqual(['99 plus 40']);
    });

    it('does not read "one hundred" as one: a number it cannot read stops the calculation', () => {
      expect(readArithmetic('one hundred plus 1')).toEqual([]);
      expect(readArithmetic('5 plus two thousand')).toEqual([]);
      expect(readArithmetic('what is one hundred and five plus 1')).toEqual([]);
    });
  });

  describe('the other operations', () => {
    it.each([
      ['5 - 3', '5 minus 3'],
      ['5-3', '5 minus 3'],
      ['10 divided by 2', '10 divided by 2'],
      ['10 over 2', '10 divided by 2'],
      ['10 ÷ 2', '10 divided by 2'],
      ['5 x 7', '5 times 7'],
      ['what is 5x7', '5 times 7'],
      ['5 × 7', '5 times 7'],
      ['3 multiplied by 4', '3 times 4'],
      ['subtract 3 from 10', '10 minus 3'],
      ['the difference between 10 and 3', '10 minus 3'],
      ['multiply 4 by 5', '4 times 5'],
      ['the product of 3 and 4', '3 times 4'],
      ['divide 8 by 2', '8 divided by 2'],
      ['the quotient of 8 and 2', '8 divided by 2'],
      ['Was ist 12 mal 3?', '12 times 3'],
      ['Was ist 12 geteilt durch 3?', '12 divided by 3'],
      ['Combien font 12 fois 3 ?', '12 times 3'],
      ['¿Cuánto es 12 por 3?', '12 times 3'],
      ['Quanto fa 12 più 3?', '12 plus 3'],
      ['Das ist mal gut: 5 plus 7', '5 plus 7'],
    ])('reads %j as %j', (question, words) => {
      expect(readAsWords(question)).toEqual([words]);
    });

    it('does not read the letter x as multiplication outside a calculation', () => {
      expect(readArithmetic('x + 2')).toEqual([]);
    });
  });

  describe('precedence and parentheses', () => {
    it('multiplies before it adds', () => {
      expect(readAsWords('2 + 3 * 4')).toEqual(['2 plus (3 times 4)']);
      expect(readAsWords('2 * 3 + 4')).toEqual(['(2 times 3) plus 4']);
      expect(evaluate(readArithmetic('2 + 3 * 4')[0]!)).toBe(14);
    });

    it('groups left to right among equals', () => {
      expect(readAsWords('What is 5 plus 7 plus 1?')).toEqual(['(5 plus 7) plus 1']);
      expect(evaluate(readArithmetic('10 - 3 - 2')[0]!)).toBe(5);
    });

    it('honours parentheses', () => {
      const [expression] = readArithmetic('(5 plus 7) times 3');
      expect(describeExpression(expression!)).toBe('(5 plus 7) times 3');
      expect(expression).toMatchObject({ operation: 'multiply', left: { operation: 'add' }, right: { value: 3 } });
      expect(evaluate(expression!)).toBe(36);
    });

    it('forgives a missing or a stray closing parenthesis', () => {
      expect(readAsWords('(5 plus 7')).toEqual(['5 plus 7']);
      expect(readAsWords('5 plus 7)')).toEqual(['5 plus 7']);
    });

    it('adds up every number in "the sum of" a list', () => {
      const [expression] = readArithmetic('the sum of 5, 7 and 8');
      expect(evaluate(expression!)).toBe(20);
      expect(evaluate(readArithmetic('the sum of 5 and 7 and 8')[0]!)).toBe(20);
      expect(evaluate(readArithmetic('the product of 2, 3 and 4')[0]!)).toBe(24);
    });
  });

  describe('several questions in one', () => {
    it('reads "and" between two calculations as two questions, in the order asked', () => {
      expect(readAsWords('5 plus 7 and 3 times 4')).toEqual(['5 plus 7', '3 times 4']);
      expect(readAsWords('what is 2+2 and 3+3')).toEqual(['2 plus 2', '3 plus 3']);
    });

    it('reads two sentences as two questions', () => {
      expect(readAsWords('What is 5 plus 7? And 2 plus 2?')).toEqual(['5 plus 7', '2 plus 2']);
    });

    it('keeps "and" inside "the sum of ... and ..." as part of the phrase', () => {
      expect(readAsWords('the sum of 5 and 7 and the product of 3 and 4')).toEqual(['5 plus 7', '3 times 4']);
    });
  });

  describe('numbers that are not part of the calculation', () => {
    it.each(['In 2024, what is 5 plus 7?', 'In 2024 what is 5 plus 7?', 'Question 1: what is 5 plus 7?', 'what is 5 plus 7 for my 3 kids?'])(
      'still finds 5 plus 7 in %j',
      (question) => {
        expect(readAsWords(question)).toEqual(['5 plus 7']);
      },
    );

    it('skips a word with digits it cannot read when it stands apart from the calculation', () => {
      expect(readAsWords('what is 5 plus 7 for 2nd graders')).toEqual(['5 plus 7']);
    });

    it('refuses a calculation whose operand it cannot read, rather than guess', () => {
      expect(readArithmetic('what is 1e3 plus 2')).toEqual([]);
      expect(readArithmetic('1.5.2 plus 1')).toEqual([]);
      expect(readArithmetic('5kg plus 7')).toEqual([]);
    });

    it('finds both calculations after a leading number', () => {
      expect(readAsWords('I have 2 questions: 5 plus 7 and 3 times 4')).toEqual(['5 plus 7', '3 times 4']);
    });
  });

  describe('questions with no calculation in them', () => {
    it.each(['Hello', '', 'I have 5 apples and 7 pears', '5 plus', 'what is 5 plus plus 7', 'plus 7'])('finds none in %j', (question) => {
      expect(readArithmetic(question)).toEqual([]);
    });

    it('does not answer part of a calculation whose end is missing', () => {
      // Answering "5 plus 7" here would be a wrong answer to the question asked.
      expect(readArithmetic('what is 5 plus 7 times')).toEqual([]);
      expect(readArithmetic('(5 plus 7) times one hundred')).toEqual([]);
    });
  });
});

describe('formatNumber', () => {
  it('writes integers as integers', () => {
    expect(formatNumber(12)).toBe('12');
    expect(formatNumber(-3)).toBe('-3');
  });

  it('hides floating-point noise', () => {
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(1.5)).toBe('1.5');
  });
});

describe('describeExpression', () => {
  it('names nested operations in parentheses and the outermost one without', () => {
    const [expression] = readArithmetic('(1 + 2) * (3 - 4)');
    expect(describeExpression(expression!)).toBe('(1 plus 2) times (3 minus 4)');
  });
});

describe('readNumbers', () => {
  it.each([
    ['Draw a bar chart of 3, 1 and 4', [3, 1, 4]],
    ['What is 2 to the power of 10?', [2, 10]],
    ['Count slowly to five', [5]],
    ['Convert -2.5 kilometers and negative 3 miles', [-2.5, -3]],
    ['Convert 5km', [5]],
    ['Pay 1,000 dollars', [1000]],
    ['From 5-7', [5, 7]],
    ['Install v1.5 now', []],
    ['one hundred sheep', []],
  ])('reads %j as %j', (text, numbers) => {
    expect(readNumbers(text)).toEqual(numbers);
  });
});

describe('writeNumberInWords', () => {
  it.each([
    [0, 'zero'],
    [5, 'five'],
    [13, 'thirteen'],
    [40, 'forty'],
    [42, 'forty-two'],
    [99, 'ninety-nine'],
  ])('writes %d as %j', (value, words) => {
    expect(writeNumberInWords(value)).toBe(words);
  });

  it.each([-1, 2.5, 100])('leaves %d to digits', (value) => {
    expect(writeNumberInWords(value)).toBeUndefined();
  });

  it('writes words the reader reads back', () => {
    for (let value = 0; value < 100; value++) expect(readNumbers(writeNumberInWords(value)!)).toEqual([value]);
  });
});
