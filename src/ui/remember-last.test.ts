import { describe, expect, it } from 'vitest';
import { rememberLast } from './remember-last.ts';

describe('rememberLast', () => {
  it('derives once for the same inputs, whoever asks, and again when one of them is another object', () => {
    let derived = 0;
    const count = rememberLast((steps: readonly number[], status: string) => {
      derived++;
      return { total: steps.length, status };
    });
    const steps = [1, 2, 3];
    const first = count(steps, 'complete');
    // As the inspector mounted again at each of 20 steps asks again, with the same run.
    for (let press = 0; press < 20; press++) expect(count(steps, 'complete')).toBe(first);
    expect(derived).toBe(1);
    expect(count([1, 2, 3], 'complete')).not.toBe(first);
    expect(count([1, 2, 3], 'complete')).not.toBe(first);
    expect(derived).toBe(3);
    count(steps, 'error');
    expect(derived).toBe(4);
  });
});
