import { describe, expect, it } from 'vitest';
import { addNumbers, divideNumbers, multiplyNumbers, raiseToPower } from './arithmetic-tools.ts';

const context = { signal: new AbortController().signal, reportProgress: async () => {} };

describe('add_numbers', () => {
  it('adds and presents "Result: 12"', async () => {
    const sum = await addNumbers.handler({ a: 5, b: 7 }, context);
    expect(addNumbers.present(sum, { a: 5, b: 7 })).toEqual({ content: [{ type: 'text', text: 'Result: 12' }] });
  });
});

describe('multiply_numbers', () => {
  it('multiplies and presents "Result: 36"', async () => {
    const product = await multiplyNumbers.handler({ a: 4, b: 9 }, context);
    expect(multiplyNumbers.present(product, { a: 4, b: 9 })).toEqual({ content: [{ type: 'text', text: 'Result: 36' }] });
  });

  it('fails rather than return Infinity, which JSON cannot carry', async () => {
    await expect(multiplyNumbers.handler({ a: 1e300, b: 1e300 }, context)).rejects.toThrow(/not a finite number/);
  });
});

describe('divide_numbers', () => {
  it('divides a by b', async () => {
    expect(await divideNumbers.handler({ a: 12, b: 4 }, context)).toBe(3);
  });

  it('accepts b = 0 as a valid argument, then fails at execution with a clear message', async () => {
    expect(divideNumbers.input.safeParse({ a: 12, b: 0 }).success).toBe(true);
    await expect(divideNumbers.handler({ a: 12, b: 0 }, context)).rejects.toThrow(
      'Division by zero: 12 ÷ 0 has no value; ask again with a divisor other than 0',
    );
  });
});

describe('math.power', () => {
  it('has a dotted name, which translation #1 must sanitize for some providers', () => {
    expect(raiseToPower.definition).toMatchObject({ name: 'math.power', description: 'Raises a number to a power' });
  });

  it('raises base to exponent, and refuses a result that is not a finite number', async () => {
    expect(await raiseToPower.handler({ base: 2, exponent: 10 }, context)).toBe(1024);
    await expect(raiseToPower.handler({ base: -8, exponent: 0.5 }, context)).rejects.toThrow(/not a finite number \(NaN\)/);
  });
});
