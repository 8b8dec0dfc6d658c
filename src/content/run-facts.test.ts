import { describe, expect, it } from 'vitest';
import { createCountedRun } from '../../tests/helpers/count-step-reads.ts';
import { readRunFacts } from './run-facts.ts';

describe('the facts of a long run', () => {
  it('are read with each step visited a bounded number of times, not once per round or per gate (linear in the run)', () => {
    const { steps, reads } = createCountedRun(180);
    const facts = readRunFacts({ steps, status: 'failed', answer: null, protocolVersion: '2025-11-25' });
    expect(facts.rounds.size).toBe(180);
    expect(facts.rounds.get(180)).toMatchObject({
      tools: ['add_numbers'],
      result: 'ok',
      gates: [{ gate: 'consent', answer: 'allow', tool: 'add_numbers' }],
      handlerRan: true,
    });
    expect(facts.executions).toBe(180);
    // Filtering the run once per round read each step 180 times more; a copy of the run before each gate, 90 more.
    expect(reads() / steps.length).toBeLessThan(40);
  });
});
