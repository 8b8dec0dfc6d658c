import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { loadTabModel, openApp, readPayloadsOf, runToEnd, writeTinyModelFile } from '../e2e/helpers.ts';
import type { PagePartOptions } from './bench-options.ts';
import { createFigure, type Figure } from './figures.ts';
import { openContext } from './launch-browser.ts';
import { computeMedian } from './statistics.ts';

const PART = 'Model in the tab';

type OutputPayload = {
  timings: { promptTokens: number; promptMs: number; generatedTokens: number; tokensPerSecond: number };
  model: { loadMs: number; threads: number };
};

/**
 * The model in the tab on the test suite's tiny GGUF (random weights, two layers, 64 wide:
 * tests/helpers/write-tiny-gguf.ts): how long llama.cpp in WebAssembly takes to load it
 * (the wasm compile and the worker's start included), and its speed reading the prompt and
 * writing, under the tool grammar (the call) and free (the answer). One thread, on the CPU.
 * Each run is a fresh page: the whole lifecycle, as a learner runs it.
 */
export async function measureTabModel({ browser, appUrl, quick, log }: PagePartOptions): Promise<Figure[]> {
  const file = await writeTinyModelFile();
  const samples: { loadMs: number; promptTokensPerSecond: number; callTokensPerSecond: number; answerTokensPerSecond: number }[] = [];
  try {
    for (let run = 0; run < (quick ? 1 : 3); run++) {
      const context = await openContext(browser);
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(120_000);
        await openApp(page, appUrl);
        await loadTabModel(page, file);
        await runToEnd(page);
        const [call] = (await readPayloadsOf(page, 'tab-model.output.tool-calls')) as OutputPayload[];
        const [answer] = (await readPayloadsOf(page, 'tab-model.output.answer')) as OutputPayload[];
        if (!call || !answer) throw new Error('The tiny model did not write a call and an answer.');
        samples.push({
          loadMs: call.model.loadMs,
          promptTokensPerSecond: (call.timings.promptTokens * 1000) / Math.max(call.timings.promptMs, 1),
          callTokensPerSecond: call.timings.tokensPerSecond,
          answerTokensPerSecond: answer.timings.tokensPerSecond,
        });
        log(
          `  run ${run + 1}: load ${call.model.loadMs} ms, call ${call.timings.tokensPerSecond.toFixed(1)} tokens/s, answer ${answer.timings.tokensPerSecond.toFixed(1)} tokens/s`,
        );
      } finally {
        await context.close();
      }
    }
  } finally {
    await rm(dirname(file), { recursive: true, force: true });
  }
  const middle = (pick: (sample: (typeof samples)[number]) => number) => computeMedian(samples.map(pick));
  const note = `tiny random llama (~385 kB GGUF), one thread, median of ${samples.length}`;
  return [
    createFigure({ part: PART, name: 'Load (wasm compile, worker, model)', value: middle((sample) => sample.loadMs), unit: 'ms', note }),
    createFigure({ part: PART, name: 'Prompt reading', value: middle((sample) => sample.promptTokensPerSecond), unit: 'tokens/s', note }),
    createFigure({ part: PART, name: 'Writing the call, under the grammar', value: middle((sample) => sample.callTokensPerSecond), unit: 'tokens/s', note }),
    createFigure({ part: PART, name: 'Writing the answer, free', value: middle((sample) => sample.answerTokensPerSecond), unit: 'tokens/s', note }),
  ];
}
