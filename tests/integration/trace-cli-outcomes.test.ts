import { describe, expect, it } from 'vitest';
import { runTraceCli } from '../helpers/run-trace-cli.ts';

/** `npm run trace -- --scenario …` for the runs that end without a full answer: the exit code and the text name the outcome. */

describe('npm run trace with a reply that stops short', () => {
  it.each([
    ['refusal', 3, 'refused', /Why: The model refused to answer: “I’m sorry, but I can’t help with that request\.”/, /What to do: Rephrase the question/],
    ['cut-off', 4, 'truncated', /Why: The reply was cut off by the token limit/, /What to do: Raise the token limit/],
    ['content-filter', 5, 'blocked', /Why: The provider’s content filter withheld the reply/, /What to do: Rephrase the question/],
    [
      'interrupted',
      7,
      'interrupted',
      /Why: The OpenAI Chat Completions reply stopped after \d+ bytes, before its JSON was whole\./,
      /What to do: Send the question again\..*--whole in the CLI/,
    ],
  ])(
    '--scenario %s exits %i, with status %s and what to do',
    async (scenario, code, status, why, fix) => {
      const result = await runTraceCli(['--scenario', scenario]);
      expect(result.code, result.stderr).toBe(code);
      expect(result.stdout).toContain(`Status: ${status}`);
      expect(result.stdout).toMatch(why);
      expect(result.stdout).toMatch(fix);
      expect(result.stdout).not.toContain('Answer:');
    },
    60_000,
  );

  it('--scenario interrupted --stream: the stream breaks off mid-arguments, exit 7, and says what came and what was missing', async () => {
    const result = await runTraceCli(['--scenario', 'interrupted', '--stream']);
    expect(result.code, result.stderr).toBe(7);
    expect(result.stdout).toContain('Status: interrupted');
    expect(result.stdout).toContain('Why: The OpenAI Chat Completions stream ended before the reply did: no choices[0].finish_reason arrived.');
    expect(result.stdout).toMatch(/streamed: \d+ frames, with no end marker; add_numbers came in \d+ pieces, its arguments never parsed/);
    expect(result.stdout).toContain(
      'step 12  Client sends tools/call: The reply broke off before it was complete, so no tool call could be read from it: nothing was translated, sent or run.',
    );
    expect(result.stdout).not.toContain('Answer:');
  }, 60_000);
});
