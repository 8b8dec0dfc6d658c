import type { PromptChoice } from '../../src/lifecycle/index.ts';

/**
 * The trace CLI's --prompt NAME and --prompt-arg NAME=VALUE (repeatable): a run that starts
 * from a prompt of the server (prompts/get), as the page's settings can start one, read
 * into what the engine takes, or one sentence on what is wrong.
 */

export function readPromptFlags({
  prompt,
  promptArg = [],
}: {
  prompt: string | undefined;
  promptArg?: string[];
}): { prompt?: PromptChoice } | { error: string } {
  if (prompt === undefined) return promptArg.length > 0 ? { error: '--prompt-arg gives an argument of a prompt: name the prompt with --prompt NAME.' } : {};
  if (prompt.trim() === '') return { error: "--prompt needs the name of one of the server's prompts." };
  const args: Record<string, string> = {};
  for (const text of promptArg) {
    const equals = text.indexOf('=');
    if (equals <= 0) return { error: `--prompt-arg "${text}" is not NAME=VALUE.` };
    args[text.slice(0, equals)] = text.slice(equals + 1);
  }
  return { prompt: { name: prompt, ...(promptArg.length > 0 ? { arguments: args } : {}) } };
}
