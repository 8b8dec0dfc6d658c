import { describe, expect, it } from 'vitest';
import { runTraceCli } from '../helpers/run-trace-cli.ts';

/** `npm run trace -- --scenario …` for the runs that end without a full answer: the exit code and the text name the outcome. */

describe('npm run trace with a reply that stops short', () => {
  it.each([
    ['refusal', 3, 'refused', /Why: The model refused to answer: “I’m sorry, but I can’t help with that request\.”/, /What to do: Rephrase the question/],
    ['cut-off', 4, 'truncated', /Why: The reply was cut off by the token limit/, /What to do: Raise the token limit/],
    ['content-filter', 5, 'blocked', /Why: The provider’s content filter withheld the reply/, /What to do: Rephrase the question/],
  ])('--scenario %s exits %i, with status %s and what to do', async (scenario, code, status, why, fix) => {
    const result = await runTraceCli(['--scenario', scenario]);
    expect(result.code, result.stderr).toBe(code);
    expect(result.stdout).toContain(`Status: ${status}`);
    expect(result.stdout).toMatch(why);
    expect(result.stdout).toMatch(fix);
    expect(result.stdout).not.toContain('Answer:');
  }, 60_000);
});
