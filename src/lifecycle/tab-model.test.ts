import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createChatTemplateAdapter } from '../providers/chat-template/chat-template-adapter.ts';
import { callTabModel, SHOW_TEXT_EVERY_MS, type TabModelRunner } from './tab-model.ts';

const template = readFileSync(new URL('../providers/chat-template/__fixtures__/qwen2.5-instruct.jinja', import.meta.url), 'utf8');
const adapter = createChatTemplateAdapter({ template, specialTokens: { bos: '', eos: '<|im_end|>' }, grammar: false, maxTokens: 64, seed: 1, question: 'q' });

/** A runner that writes `pieces` one by one, the clock moving `stepMs` before each. */
function createRunner(pieces: string[], clock: { at: number }, stepMs: number): TabModelRunner {
  return {
    describe: () => ({ name: 'test.gguf', fileBytes: 1, loadMs: 1, threads: 1, engine: 'a test runner' }),
    async generate({ onToken }) {
      const tokens = pieces.map((text, index) => {
        clock.at += stepMs;
        const token = { text, at: index * stepMs };
        onToken(token);
        return token;
      });
      const text = pieces.join('');
      const timings = { promptTokens: 1, promptMs: 1, generatedTokens: pieces.length, generationMs: pieces.length * stepMs, tokensPerSecond: 1 };
      return { text, finishReason: 'stop', tokens, timings };
    },
  };
}

async function collectShowings(pieces: string[], stepMs: number): Promise<string[]> {
  const clock = { at: 1_000 };
  const shown: string[] = [];
  await callTabModel({
    model: { runner: createRunner(pieces, clock, stepMs), adapter },
    body: { prompt: 'p', grammar: null, max_tokens: 64, temperature: 0, seed: 1 },
    signal: new AbortController().signal,
    phase: 'response',
    onText: (text) => shown.push(text),
    now: () => clock.at,
  });
  return shown;
}

describe('the text the model in the tab writes, shown as it comes', () => {
  it('is shown at most once a period while it is written, and whole at the end', async () => {
    // 100 tokens, one a millisecond: a showing for each would re-render the page 100 times while the worker waits on it.
    const pieces = Array.from({ length: 100 }, (_, index) => `t${index} `);
    const shown = await collectShowings(pieces, 1);
    // At 50 and at 100 ms: the last showing is the whole text, so none is added at the end.
    expect(shown.length).toBe(100 / SHOW_TEXT_EVERY_MS);
    expect(shown.at(-1)).toBe(pieces.join(''));
    for (const [index, text] of shown.entries()) if (index > 0) expect(text.startsWith(shown[index - 1]!)).toBe(true);
  });

  it('a reply written faster than a period is shown once, whole', async () => {
    expect(await collectShowings(['1', '2'], 1)).toEqual(['12']);
  });

  it('a slow model has each token shown as it comes', async () => {
    expect(await collectShowings(['a', 'b', 'c'], SHOW_TEXT_EVERY_MS)).toEqual(['a', 'ab', 'abc']);
  });
});
