import { describe, expect, it } from 'vitest';
import { readResultNumber } from './read-result-number.ts';

describe('readResultNumber', () => {
  it.each([
    // Results written by servers we did not write, as their tools word them.
    ['the reference everything server (get-sum)', 'The sum of 5 and 7 is 12.', 12],
    ['the conformance suite (add_numbers, v1 SDK server)', 'The sum of 5 and 7 is 12', 12],
    ['a plain number (the usual v1 SDK example: String(a + b))', '12', 12],
    ['JSON text with structured content beside it (FastMCP, v1 outputSchema examples)', '{"result":12}', 12],
    ['an equation', '5 + 7 = 12', 12],
    ['a label', 'Result: 12', 12],
    ['the answer before the inputs', '12 (from 5 and 7)', 12],
    ['a negative decimal', 'Result: -3.5', -3.5],
    ['an exponent', '1e3', 1000],
  ])('reads %s', (_label, output, value) => {
    expect(readResultNumber({ output, operands: [5, 7] })).toBe(value);
  });

  it('reads structured content sent as JSON text by its answer key, not the inputs beside it', () => {
    expect(readResultNumber({ output: '{"a":5,"b":7,"sum":12}', operands: [5, 7] })).toBe(12);
    expect(readResultNumber({ output: '{"a":5,"b":7,"c":12}', operands: [5, 7] })).toBe(12);
    expect(readResultNumber({ output: '{"content":{"value":12,"unit":"apples"}}', operands: [5, 7] })).toBe(12);
  });

  it('reads several content blocks (one a line) as a model reads them together', () => {
    expect(readResultNumber({ output: 'Adding 5 and 7.\nThe answer is 12.\nTook 3 ms.', operands: [5, 7] })).toBe(12);
    expect(readResultNumber({ output: 'Computed by the adder\n{"total":12}', operands: [5, 7] })).toBe(12);
    expect(readResultNumber({ output: '5 and 7:\n12', operands: [5, 7] })).toBe(12);
  });

  it('tells the answer from the inputs when the answer equals an input', () => {
    expect(readResultNumber({ output: 'The sum of 5 and 0 is 5.', operands: [5, 0] })).toBe(5);
  });

  it('finds nothing where no number is written', () => {
    expect(readResultNumber({ output: 'twelve' })).toBeUndefined();
    expect(readResultNumber({ output: '[image omitted: image/png, about 100 bytes]' })).toBeUndefined();
  });
});
