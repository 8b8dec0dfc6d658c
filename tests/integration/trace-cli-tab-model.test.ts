import { describe, expect, it } from 'vitest';
import { runTraceCli } from '../helpers/run-trace-cli.ts';

/** The page's model in the tab is llama.cpp in a browser worker: the CLI says where it runs, and what to use instead. */
describe('npm run trace --model tab', () => {
  it('says the model in the tab runs only in the page, how to open it there, and how to reach a local model from the terminal', async () => {
    const result = await runTraceCli(['What is 5 plus 7?', '--model', 'tab']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('runs only in the page');
    expect(result.stderr).toContain('A small open model in this tab');
    expect(result.stderr).toContain('--model real --wire openai-chat --base-url');
  });
});
